/** The metals the shop works in, with the two tones used to draw them. */
export const METAL_CODES = ['14k_white_gold', '14k_yellow_gold', '18k_rose_gold', 'platinum'] as const;
export type MetalCode = (typeof METAL_CODES)[number];

export const METAL_COLORS: Record<MetalCode, [string, string]> = {
  '14k_white_gold': ['#f4f4f2', '#b9bbbd'],
  '14k_yellow_gold': ['#f8e7a6', '#c9a13b'],
  '18k_rose_gold': ['#f6d2c2', '#c08066'],
  platinum: ['#eeeff1', '#a7aaae'],
};
