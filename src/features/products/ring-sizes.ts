/** US ring sizes offered on rings, in half sizes; a size outside these is ordered as a custom size. */
export const RING_SIZES = Array.from({ length: 21 }, (_, i) => String(3 + i / 2));
