/**
 * Generates a realistic diamond inventory: shape, carat, the 4Cs and finish follow the mix a large
 * online dealer carries, and the price follows the 4Cs (carat band, colour, clarity, cut, shape,
 * fluorescence, lab-grown discount).
 */
import type { NewDiamond } from '~/server/db/schema.ts';
import type { Clarity, Color, Cut, Finish, Fluorescence, Lab, Origin, Shape } from '~/features/diamonds/grades.ts';
import { between, pickWeighted, round, type Rng } from './random.ts';

const SHAPE_MIX: Record<Shape, number> = {
  round: 45, oval: 10, cushion: 8, princess: 7, emerald: 7, pear: 6, radiant: 5, marquise: 4, asscher: 4, heart: 4,
};
const COLOR_MIX: Record<Color, number> = { D: 6, E: 9, F: 13, G: 16, H: 15, I: 13, J: 10, K: 8, L: 6, M: 4 };
const CLARITY_MIX: Record<Clarity, number> = { FL: 1, IF: 3, VVS1: 7, VVS2: 10, VS1: 17, VS2: 20, SI1: 20, SI2: 15, I1: 7 };
const CUT_MIX: Record<Cut, number> = { Ideal: 25, Excellent: 35, 'Very Good': 25, Good: 12, Fair: 3 };
const FLUORESCENCE_MIX: Record<Fluorescence, number> = { None: 60, Faint: 18, Medium: 12, Strong: 7, 'Very Strong': 3 };
const LAB_MIX: Record<Origin, Partial<Record<Lab, number>>> = {
  natural: { GIA: 65, IGI: 12, AGS: 13, HRD: 10 },
  lab_grown: { IGI: 70, GIA: 25, HRD: 5 },
};
/** Carat bands [from, to, share]: most stones sit just above the "magic" sizes. */
const CARAT_BANDS: [number, number, number][] = [
  [0.3, 0.49, 18], [0.5, 0.69, 20], [0.7, 0.89, 15], [0.9, 0.99, 7], [1.0, 1.19, 14],
  [1.2, 1.49, 8], [1.5, 1.99, 9], [2.0, 2.99, 6], [3.0, 3.99, 2], [4.0, 5.0, 1],
];
/** Price per carat in USD of a natural round G VS2 Excellent None, by carat floor. */
const PRICE_PER_CARAT: [number, number][] = [
  [4, 34_000], [3, 26_000], [2, 17_000], [1.5, 11_500], [1, 8_000], [0.9, 5_500], [0.7, 4_200], [0.5, 3_000], [0, 1_800],
];
const COLOR_FACTOR: Record<Color, number> = { D: 1.45, E: 1.32, F: 1.2, G: 1, H: 0.88, I: 0.75, J: 0.65, K: 0.55, L: 0.48, M: 0.42 };
const CLARITY_FACTOR: Record<Clarity, number> = { FL: 1.6, IF: 1.45, VVS1: 1.3, VVS2: 1.2, VS1: 1.1, VS2: 1, SI1: 0.85, SI2: 0.72, I1: 0.5 };
const CUT_FACTOR: Record<Cut, number> = { Ideal: 1.08, Excellent: 1, 'Very Good': 0.9, Good: 0.8, Fair: 0.7 };
const FLUORESCENCE_FACTOR: Record<Fluorescence, number> = { None: 1, Faint: 0.98, Medium: 0.93, Strong: 0.87, 'Very Strong': 0.82 };
const SHAPE_FACTOR: Record<Shape, number> = {
  round: 1, oval: 0.85, cushion: 0.78, princess: 0.76, emerald: 0.8, pear: 0.82, radiant: 0.8, marquise: 0.78, asscher: 0.77, heart: 0.8,
};
/** Length-to-width ratio range per shape. */
const RATIO: Record<Shape, [number, number]> = {
  round: [1, 1.02], princess: [1, 1.05], cushion: [1, 1.2], oval: [1.3, 1.55], emerald: [1.3, 1.55],
  pear: [1.45, 1.75], marquise: [1.8, 2.2], radiant: [1, 1.4], asscher: [1, 1.05], heart: [0.9, 1.1],
};
const LAB_PREFIX: Record<Lab, string> = { GIA: '2', IGI: 'LG', AGS: '104', HRD: 'H' };

function finishFor(rng: Rng, cut: Cut): Finish {
  return cut === 'Ideal' || cut === 'Excellent'
    ? pickWeighted<Finish>(rng, { Excellent: 80, 'Very Good': 18, Good: 2, Fair: 0 })
    : pickWeighted<Finish>(rng, { Excellent: 25, 'Very Good': 45, Good: 25, Fair: 5 });
}

export function priceCents(d: { carat: number; color: Color; clarity: Clarity; cut: Cut; shape: Shape; fluorescence: Fluorescence; origin: Origin }, noise: number): number {
  const perCarat = PRICE_PER_CARAT.find(([floor]) => d.carat >= floor)![1];
  const dollars =
    d.carat * perCarat * COLOR_FACTOR[d.color] * CLARITY_FACTOR[d.clarity] * CUT_FACTOR[d.cut] *
    SHAPE_FACTOR[d.shape] * FLUORESCENCE_FACTOR[d.fluorescence] * (d.origin === 'lab_grown' ? 0.18 : 1) * noise;
  return Math.max(100, Math.round(dollars / 10) * 10) * 100;
}

/** The `index`th stone of the inventory (0-based), with its id already allocated. */
export function generateDiamond(rng: Rng, index: number, id: number, now: string): NewDiamond {
  const shape = pickWeighted(rng, SHAPE_MIX);
  const origin: Origin = rng() < 0.6 ? 'natural' : 'lab_grown';
  const [from, to] = CARAT_BANDS[Number(pickWeighted(rng, Object.fromEntries(CARAT_BANDS.map((b, i) => [i, b[2]]))))]!;
  const carat = round(from + (to - from) * rng() ** 2, 2);
  const color = pickWeighted(rng, COLOR_MIX);
  const clarity = pickWeighted(rng, CLARITY_MIX);
  const cut = pickWeighted(rng, CUT_MIX);
  const fluorescence = pickWeighted(rng, FLUORESCENCE_MIX);
  const lab = pickWeighted(rng, LAB_MIX[origin] as Record<Lab, number>);
  const lwRatio = round(between(rng, ...RATIO[shape]), 2);
  const round_ = shape === 'round';
  const depth = round(round_ ? between(rng, 59, 63.5) : between(rng, 60, 72), 1);
  const table = round(round_ ? between(rng, 53, 60) : between(rng, 55, 70), 0);
  // Face-up size grows with the cube root of weight; a longer stone is narrower for the same weight.
  const face = 6.43 * Math.cbrt(carat);
  const width = round(face / Math.sqrt(lwRatio), 2);
  const length = round(width * lwRatio, 2);
  const depthMm = round((width * depth) / 100, 2);
  const r = rng();
  const status = r < 0.025 ? 'sold' : r < 0.04 ? 'reserved' : 'available';
  const serial = String((index * 2654435761) % 1_000_000_000).padStart(9, '0');
  return {
    id,
    sku: `DIA-${String(index + 1).padStart(7, '0')}`,
    shape,
    carat,
    cut,
    color,
    clarity,
    polish: finishFor(rng, cut),
    symmetry: finishFor(rng, cut),
    fluorescence,
    lab,
    certificate_number: `${LAB_PREFIX[lab]}${serial}`,
    origin,
    depth,
    table_pct: table,
    length_mm: length,
    width_mm: width,
    depth_mm: depthMm,
    lw_ratio: lwRatio,
    price_cents: priceCents({ carat, color, clarity, cut, shape, fluorescence, origin }, between(rng, 0.92, 1.08)),
    status,
    is_hidden: rng() < 0.005 ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}
