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
    rules: {
      // Every function it flags fulfils a promise-returning contract (a route handler, a stop
      // hook, a stub activity, runScript's main): `async` is what makes its throw a rejection,
      // and dropping it, or wrapping each result in Promise.resolve, would be worse code.
      '@typescript-eslint/require-await': 'off',
      // A `let` that handlers read before its one assignment (a workflow's state before its
      // first step, a process's worker before it starts) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // As tsconfig's noUnusedLocals/noUnusedParameters: a leading underscore marks a binding
      // kept on purpose (a parameter a signature needs, a field a rest pattern leaves out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // Tests read JSON bodies, SQL rows, logs and YAML as `any` and assert their shape with
  // expect, whose asymmetric matchers (expect.any, expect.stringMatching) are `any` too: typing
  // each would repeat the assertion in a cast. The code under test keeps every no-unsafe rule.
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
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
