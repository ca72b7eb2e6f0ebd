// Import boundaries as data: each package lists its layers, what each may import, and which
// folders hold independent siblings. `boundaries()` turns that into one
// `import-x/no-restricted-paths` rule, so "features never import each other" and
// "routes → domain → db, never back" are checked by CI instead of remembered.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} Layer
 * @property {string} name        shown in the message
 * @property {string[]} paths     folders or files of the layer, relative to the package root
 * @property {string[]} mayImport names of the other layers it may import
 */

/**
 * @typedef {object} Independent
 * @property {string} parent  folder whose subfolders never import each other
 * @property {string} what    what one subfolder is called in the message
 */

/**
 * @param {{ root: string, layers: Layer[], independent?: Independent[] }} options
 *   `root` is the package's absolute path (`import.meta.dirname`); the subfolders of each
 *   `independent` parent are read from disk, so a new feature is covered without a config change.
 * @returns {import('eslint').Linter.RulesRecord}
 */
export function boundaries({ root, layers, independent = [] }) {
  const names = new Set(layers.map((layer) => layer.name));
  const zones = [];
  for (const layer of layers) {
    for (const name of layer.mayImport) {
      if (!names.has(name)) throw new Error(`Layer "${layer.name}" may import an unknown layer "${name}".`);
    }
    const allowed = [layer.name, ...layer.mayImport].join(', ');
    for (const other of layers) {
      if (other === layer || layer.mayImport.includes(other.name)) continue;
      for (const target of layer.paths) {
        for (const from of other.paths) {
          zones.push({
            target: `./${target}`,
            from: `./${from}`,
            message: `${layer.name} may import only ${allowed}, not ${other.name} (docs/architecture.md §2).`,
          });
        }
      }
    }
  }
  for (const { parent, what } of independent) {
    const folders = readdirSync(join(root, parent), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name } of folders) {
      zones.push({
        target: `./${parent}/${name}`,
        from: `./${parent}`,
        except: [`./${name}`],
        message: `One ${what} never imports another; compose them one layer up (docs/architecture.md §2).`,
      });
    }
  }
  return { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] };
}
