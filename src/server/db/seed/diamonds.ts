/**
 * Generates a realistic diamond inventory: shape, carat, the 4Cs and finish follow the mix a large
 * online dealer carries, and the price follows the 4Cs (carat band, colour, clarity, cut, shape,
 * fluorescence) along real per-carat ladders, natural and lab-grown each their own.
 */
import type { NewDiamond } from '~/server/db/schema.ts';
import type { Clarity, Color, Cut, Finish, Fluorescence, Lab, Origin, Shape } from '~/features/diamonds/grades.ts';
import { between, createRng, pickWeighted, round, type Rng } from './random.ts';

const SHAPE_MIX: Record<Shape, number> = {
  round: 45,
  oval: 10,
  cushion: 8,
  princess: 7,
  emerald: 7,
  pear: 6,
  radiant: 5,
  marquise: 4,
  asscher: 4,
  heart: 4,
};
const COLOR_MIX: Record<Color, number> = { D: 6, E: 9, F: 13, G: 16, H: 15, I: 13, J: 10, K: 8, L: 6, M: 4 };
const CLARITY_MIX: Record<Clarity, number> = { FL: 1, IF: 3, VVS1: 7, VVS2: 10, VS1: 17, VS2: 20, SI1: 20, SI2: 15, I1: 7 };
const CUT_MIX: Record<Cut, number> = { Ideal: 25, Excellent: 35, 'Very Good': 25, Good: 12, Fair: 3, 'Not graded': 0 };
const FLUORESCENCE_MIX: Record<Fluorescence, number> = { None: 60, Faint: 18, Medium: 12, Strong: 7, 'Very Strong': 3 };
const LAB_MIX: Record<Origin, Partial<Record<Lab, number>>> = {
  natural: { GIA: 65, IGI: 12, AGS: 13, HRD: 10 },
  lab_grown: { IGI: 70, GIA: 25, HRD: 5 },
};
/** Carat bands [from, to, share]: most stones sit just above the "magic" sizes. */
const CARAT_BANDS: [number, number, number][] = [
  [0.3, 0.49, 18],
  [0.5, 0.69, 20],
  [0.7, 0.89, 15],
  [0.9, 0.99, 7],
  [1.0, 1.19, 14],
  [1.2, 1.49, 8],
  [1.5, 1.99, 9],
  [2.0, 2.99, 6],
  [3.0, 3.99, 2],
  [4.0, 5.0, 1],
];
/**
 * Retail price per carat in USD of a round, G colour, VS2, Excellent cut, no fluorescence, by carat floor
 * (the ladders a jeweller prices from: per-carat prices jump at 0.50, 0.70, 0.90, 1, 1.5, 2, 3 and 4 ct,
 * and climb within each band). Natural from today's retail asking prices; lab-grown from today's far
 * lower ones, nearly flat per carat.
 */
const LADDER: Record<Origin, [number, number][]> = {
  natural: [
    [4, 38_000],
    [3, 29_500],
    [2, 19_800],
    [1.5, 13_600],
    [1, 9_400],
    [0.9, 6_900],
    [0.7, 5_100],
    [0.5, 4_000],
    [0.4, 3_100],
    [0, 2_500],
  ],
  lab_grown: [
    [4, 1_220],
    [3, 1_100],
    [2, 1_000],
    [1.5, 960],
    [1, 960],
    [0.9, 890],
    [0.7, 880],
    [0.5, 900],
    [0.4, 950],
    [0, 1_000],
  ],
};
/** The next step up the ladder from each floor (for the climb within a band). */
const NEXT_FLOOR = [0.4, 0.5, 0.7, 0.9, 1, 1.5, 2, 3, 4, 5.01];
/** Colour and clarity move natural prices far more than lab-grown ones. */
const COLOR_FACTOR: Record<Origin, Record<Color, number>> = {
  natural: { D: 1.58, E: 1.4, F: 1.25, G: 1, H: 0.87, I: 0.76, J: 0.67, K: 0.6, L: 0.54, M: 0.49 },
  lab_grown: { D: 1.22, E: 1.15, F: 1.08, G: 1, H: 0.94, I: 0.88, J: 0.82, K: 0.77, L: 0.73, M: 0.7 },
};
const CLARITY_FACTOR: Record<Origin, Record<Clarity, number>> = {
  natural: { FL: 1.78, IF: 1.56, VVS1: 1.36, VVS2: 1.24, VS1: 1.12, VS2: 1, SI1: 0.86, SI2: 0.74, I1: 0.55 },
  lab_grown: { FL: 1.3, IF: 1.22, VVS1: 1.14, VVS2: 1.09, VS1: 1.04, VS2: 1, SI1: 0.9, SI2: 0.82, I1: 0.68 },
};
const CUT_FACTOR: Record<Cut, number> = { Ideal: 1.06, Excellent: 1, 'Very Good': 0.93, Good: 0.86, Fair: 0.77, 'Not graded': 1 };
const FLUORESCENCE_FACTOR: Record<Fluorescence, number> = { None: 1, Faint: 0.98, Medium: 0.94, Strong: 0.89, 'Very Strong': 0.85 };
const SHAPE_FACTOR: Record<Shape, number> = {
  round: 1,
  oval: 0.8,
  cushion: 0.74,
  princess: 0.72,
  emerald: 0.76,
  pear: 0.8,
  radiant: 0.76,
  marquise: 0.74,
  asscher: 0.74,
  heart: 0.78,
};
/** No stone sells below this share of its ladder price (a natural M I1 1 ct stone still costs thousands). */
const FLOOR: Record<Origin, number> = { natural: 0.32, lab_grown: 0.55 };

/** Length-to-width ratio range per shape. */
const RATIO: Record<Shape, [number, number]> = {
  round: [1, 1.02],
  princess: [1, 1.05],
  cushion: [1, 1.2],
  oval: [1.3, 1.55],
  emerald: [1.3, 1.55],
  pear: [1.45, 1.75],
  marquise: [1.8, 2.2],
  radiant: [1, 1.4],
  asscher: [1, 1.05],
  heart: [0.9, 1.1],
};
const LAB_PREFIX: Record<Lab, string> = { GIA: '2', IGI: 'LG', AGS: '104', HRD: 'H' };

function finishFor(rng: Rng, cut: Cut): Finish {
  return cut === 'Ideal' || cut === 'Excellent'
    ? pickWeighted<Finish>(rng, { Excellent: 80, 'Very Good': 18, Good: 2, Fair: 0 })
    : pickWeighted<Finish>(rng, { Excellent: 25, 'Very Good': 45, Good: 25, Fair: 5 });
}

/** A stone's retail price in cents: its ladder's price per carat, times its grades, times a little noise (0.94–1.06). */
export function priceCents(
  d: { carat: number; color: Color; clarity: Clarity; cut: Cut; shape: Shape; fluorescence: Fluorescence; origin: Origin },
  noise: number,
): number {
  const ladder = LADDER[d.origin];
  const step = ladder.findIndex(([floor]) => d.carat >= floor);
  const [floor, base] = ladder[step]!;
  const next = NEXT_FLOOR[ladder.length - 1 - step]!;
  // Within a band the price per carat climbs by up to 12 % towards the next step.
  const climb = 1 + 0.12 * Math.min(1, (d.carat - floor) / (next - floor));
  const grades =
    COLOR_FACTOR[d.origin][d.color] * CLARITY_FACTOR[d.origin][d.clarity] * CUT_FACTOR[d.cut] * SHAPE_FACTOR[d.shape] * FLUORESCENCE_FACTOR[d.fluorescence];
  const factor = Math.max(FLOOR[d.origin], grades);
  const dollars = d.carat * base * climb * factor * noise;
  // Whole dollars: a real asking price, and prices that rarely meet.
  return Math.max(1, Math.round(dollars)) * 100;
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
  // The draws keep their order (polish, symmetry, the price's noise, hidden): every stone keeps the grades,
  // status and visibility it had before the price ladders (tests and bookmarks name seeded stones).
  const polish = finishFor(rng, cut);
  const symmetry = finishFor(rng, cut);
  const noise = rng();
  const isHidden = rng() < 0.005 ? 1 : 0;
  // What the ladders added draws from a stream of its own per stone, for the same reason.
  const more = createRng(0x1add_e125 ^ index);
  // GIA grades cut on rounds only: a share of its natural fancy shapes come without a cut grade.
  const graded: Cut = shape !== 'round' && lab === 'GIA' && origin === 'natural' && more() < 0.35 ? 'Not graded' : cut;
  // A few stones are on memo or subject to prior sale, as a supplier's feed has them.
  const a = more();
  return {
    id,
    sku: `DIA-${String(index + 1).padStart(7, '0')}`,
    shape,
    carat,
    cut: graded,
    color,
    clarity,
    polish,
    symmetry,
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
    price_cents: priceCents({ carat, color, clarity, cut: graded, shape, fluorescence, origin }, 0.94 + 0.12 * noise),
    status,
    is_hidden: isHidden,
    created_at: now,
    updated_at: now,
    availability: a < 0.02 ? 'M' : a < 0.04 ? 'STPS' : 'G',
  };
}
