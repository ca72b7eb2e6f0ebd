import { base } from '@portal/config/eslint/base';
import { node } from '@portal/config/eslint/node';

export default [...base({ tsconfigRootDir: import.meta.dirname }), ...node];
