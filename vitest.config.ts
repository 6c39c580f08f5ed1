import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `~/…` is src/ (tsconfig.json's one path alias).
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
