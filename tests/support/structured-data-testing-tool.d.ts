/** Types for structured-data-testing-tool (plain JavaScript), as far as the tests use it. */
declare module 'structured-data-testing-tool' {
  export interface SdttTest {
    test: string;
    description?: string;
    group?: string;
    passed?: boolean;
    error?: { message: string };
  }
  export interface SdttResult {
    passed: SdttTest[];
    failed: SdttTest[];
    warnings: SdttTest[];
    schemas: string[];
    structuredData: { jsonld: Record<string, unknown[]>; metatags: Record<string, string[]> };
  }
  export function structuredDataTest(input: string | Buffer, options?: { presets?: unknown[]; schemas?: string[] }): Promise<SdttResult>;
}
declare module 'structured-data-testing-tool/presets' {
  export const Google: unknown;
  export const Twitter: unknown;
  export const Facebook: unknown;
  export const SocialMedia: unknown;
}
