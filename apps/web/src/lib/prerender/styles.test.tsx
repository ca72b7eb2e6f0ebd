import { CacheProvider, ClassNames, css as serialize } from '@emotion/react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserStyleCache, PRERENDERED_STYLES_ATTRIBUTE, prerenderedStyleTags } from './styles.ts';

const RED = { color: 'red' };

function Red() {
  return <ClassNames>{(emotion) => <p className={emotion.css(RED)}>text</p>}</ClassNames>;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prerendered styles', () => {
  it('are written under their own attribute, other sheets in Emotion’s format, empty ones not at all', () => {
    const tags = prerenderedStyleTags([
      { key: 'css-global', ids: ['g1'], css: '' },
      { key: 'css-global', ids: ['g2'], css: 'body{margin:0}' },
      { key: 'css', ids: ['a1', 'b2'], css: '.css-a1{color:red}' },
    ]);
    expect(tags).toBe(
      '<style data-emotion="css-global g2">body{margin:0}</style>' +
        `<style ${PRERENDERED_STYLES_ATTRIBUTE}="css a1 b2">.css-a1{color:red}</style>`,
    );
  });

  it('are taken over by the browser’s cache: no rule inserted again, their element left in place', () => {
    const { name } = serialize(RED);
    document.head.innerHTML = `<style ${PRERENDERED_STYLES_ATTRIBUTE}="css ${name}">.css-${name}{color:red;}</style><title>t</title>`;
    const prerendered = document.head.firstElementChild;
    const moved: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => moved.push(...record.removedNodes)));
    observer.observe(document.head, { childList: true });

    render(
      <CacheProvider value={createBrowserStyleCache()}>
        <Red />
      </CacheProvider>,
    );

    observer.disconnect();
    expect(document.querySelector('p')?.className).toBe(`css-${name}`);
    expect(moved).toEqual([]);
    expect(document.head.firstElementChild).toBe(prerendered);
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
  });

  it('without a prerendered page, rules are inserted as usual', () => {
    render(
      <CacheProvider value={createBrowserStyleCache()}>
        <Red />
      </CacheProvider>,
    );
    expect(document.head.querySelectorAll('style[data-emotion]').length).toBeGreaterThan(0);
  });
});
