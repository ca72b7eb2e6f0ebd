import { base } from '@portal/config/eslint/base';
import { node } from '@portal/config/eslint/node';

const root = import.meta.dirname;

export default [...base({ tsconfigRootDir: root }), ...node];
