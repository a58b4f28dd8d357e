// @ts-check
// `npm run lint`: typescript-eslint's type-aware recommended rules over every TypeScript file
// the tsconfig compiles; Prettier owns the layout (eslint-config-prettier turns off the rules
// it would fight with, and `prettier --check` runs beside ESLint).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'clients/typescript/src/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  // The few plain-JavaScript files (this one, jest's config, the scripts that must run before
  // anything is installed) are outside the tsconfig: they get the untyped rules only.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } },
  prettier,
);
