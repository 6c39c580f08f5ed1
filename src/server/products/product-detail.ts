/**
 * The choices on a product page: the selected variant (from ?metal= and ?ctw=, or ?variant=), the
 * metals on offer and the total carat weights of the selected metal, each as a link that selects it.
 * Links, not a form: the page works without JavaScript and every choice has its own shareable URL.
 */
import type { Product, ProductVariant } from '~/features/products/product.ts';
import { caratLabel } from '~/lib/fractions.ts';

export interface Choice {
  value: string;
  label: string;
  href: string;
  selected: boolean;
  swatch?: { type: 'image' | 'color'; value: string };
}

export interface ProductChoices {
  variant: ProductVariant | undefined;
  metals: Choice[];
  weights: Choice[];
}

/** `lead` (a build-your-own selection's query) is kept on every choice's link. */
export function productChoices(product: Product, params: URLSearchParams, path: string, lead = ''): ProductChoices {
  const variants = product.variants;
  // A metal in the URL is the shopper's latest choice; ?variant= (a build's setting) only when there is none.
  const byId = params.get('metal') ? undefined : variants.find((v) => String(v.id) === params.get('variant'));
  const metal = byId?.metal_code ?? params.get('metal') ?? undefined;
  const ctw = byId ? byId.total_carat_weight : Number(params.get('ctw') ?? NaN);
  const inMetal = variants.filter((v) => v.metal_code === metal);
  // Unknown or missing choices fall back to the listing's first variant: smallest weight, first metal shown.
  const fallback = [...variants].sort(
    (a, b) =>
      a.total_carat_weight - b.total_carat_weight ||
      Number(b.metal_show_in_products_list) - Number(a.metal_show_in_products_list) ||
      a.metal_position - b.metal_position,
  )[0];
  const variant = byId ?? inMetal.find((v) => v.total_carat_weight === ctw) ?? inMetal[0] ?? fallback;
  const href = (m: string, w: number) => `${path}?metal=${encodeURIComponent(m)}&ctw=${w}${lead ? `&${lead}` : ''}`;
  const metals = [...new Map(variants.map((v) => [v.metal_code, v])).values()].sort((a, b) => a.metal_position - b.metal_position);
  const swatches = new Map(product.attributes.metal.map((m) => [m.code, m]));
  const weightsOf = (m: string) => [...new Set(variants.filter((v) => v.metal_code === m).map((v) => v.total_carat_weight))].sort((a, b) => a - b);
  return {
    variant,
    metals: metals.map((v) => {
      const weights = weightsOf(v.metal_code);
      const keep = variant && weights.includes(variant.total_carat_weight) ? variant.total_carat_weight : weights[0]!;
      const sw = swatches.get(v.metal_code);
      return {
        value: v.metal_code,
        label: v.metal_name,
        href: href(v.metal_code, keep),
        selected: v.metal_code === variant?.metal_code,
        ...(sw && { swatch: { type: sw.attribute_swatch_type, value: sw.attribute_swatch_value } }),
      };
    }),
    weights: variant
      ? weightsOf(variant.metal_code)
          .filter((w) => w > 0)
          .map((w) => ({ value: String(w), label: caratLabel(w), href: href(variant.metal_code, w), selected: w === variant.total_carat_weight }))
      : [],
  };
}
