import { describe, expect, it } from 'vitest';
import { hrefFor, listingHref, paramsFromState, stateFromParams } from '~/features/diamonds/diamond-url.ts';
import { productHref, productStateFromParams } from '~/features/products/product-url.ts';

const params = (q: string) => new URLSearchParams(q);

describe('the diamond listing URL', () => {
  it('reads lists (comma-separated or repeated), ranges, sort and page', () => {
    const s = stateFromParams(
      params('page=3&sort_by=carat&sort_direction=desc&df_shape=oval,round&df_cut=Ideal&df_cut=Very%20Good&df_carat_min=1&df_price_max=5000'),
    );
    expect(s).toEqual({
      page: 3,
      sort_by: 'carat',
      sort_direction: 'desc',
      filters: { shape: ['round', 'oval'], cut: ['Ideal', 'Very Good'], carat: { min: 1 }, price: { max: 5000 } },
    });
  });

  it('drops what makes no sense instead of failing', () => {
    const s = stateFromParams(params('page=-2&sort_by=size&df_shape=triangle,OVAL&df_carat_min=abc&df_depth_min=70&df_depth_max=60&df_color=Z'));
    expect(s).toEqual({ page: 1, sort_by: 'price', sort_direction: 'asc', filters: { shape: ['oval'], depth: { min: 60, max: 70 } } });
  });

  it('writes the other parameters first and the df* filters after, defaults left out', () => {
    const q = paramsFromState({ page: 2, sort_by: 'price', sort_direction: 'desc', filters: { carat: { min: 0.5 }, shape: ['oval', 'pear'], color: ['D'] } });
    expect(q).toBe('page=2&sort_direction=desc&df_shape=oval,pear&df_color=D&df_carat_min=0.5');
    expect(stateFromParams(params(q)).filters).toEqual({ shape: ['oval', 'pear'], color: ['D'], carat: { min: 0.5 } });
    expect(listingHref('/diamonds', { page: 1, sort_by: 'price', sort_direction: 'asc', filters: {} })).toBe('/diamonds');
  });

  it('keeps a slug page on its own path while its preset holds, and moves to the prefix when it does not', () => {
    const paths = { prefix: '/diamonds', slugPath: '/diamonds/oval', preset: { shape: ['oval'] } };
    const preset = stateFromParams(params('df_carat_min=1'), paths.preset);
    expect(preset.filters.shape).toEqual(['oval']);
    expect(hrefFor(paths, { ...preset, page: 2 })).toBe('/diamonds/oval?page=2&df_carat_min=1');
    expect(hrefFor(paths, { ...preset, filters: { ...preset.filters, shape: ['oval', 'pear'] } })).toBe('/diamonds?df_shape=oval,pear&df_carat_min=1');
    expect(stateFromParams(params('df_shape='), paths.preset).filters.shape).toBeUndefined();
  });
});

describe('the product listing URL', () => {
  it('reads and writes pf* filters after the others', () => {
    const s = productStateFromParams(params('sort_by=name&pf_metal=platinum,gold&pf_style=halo&pf_price_min=500'));
    expect(s).toEqual({ page: 1, sort_by: 'name', sort_direction: 'asc', filters: { metal: ['platinum'], style: ['halo'], price: { min: 500 } } });
    expect(productHref('/engagement-rings', { ...s, page: 2 })).toBe('/engagement-rings?page=2&sort_by=name&pf_metal=platinum&pf_style=halo&pf_price_min=500');
    expect(productStateFromParams(params('sort_by=newest')).sort_direction).toBe('desc');
  });
});
