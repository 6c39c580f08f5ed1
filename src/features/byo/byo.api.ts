/**
 * Adding a build to the cart or the wishlist. The customer side speaks the API's build-your-own names
 * (isBYO, diamondID, productID, selectedVariantID, selectedJewelryShape, selectedRingSize, customSize);
 * these become the cart-add payload (ids of the diamond and the setting, quantity 1) and the wishlist's
 * build-your-own item on the wire. The calls go through the cart and wishlist stores so every island
 * (badges, popup) sees the new state.
 */
import { addToCart } from '~/features/cart/cart.store.ts';
import type { CartAddPayload } from '~/features/cart/cart.schema.ts';
import { addPairToWishlist } from '~/features/wishlist/wishlist.store.ts';
import type { WishlistAddByoPayload } from '~/features/wishlist/wishlist.schema.ts';

export interface ByoCartAdd {
  isBYO: true;
  diamondID: number;
  productID: number;
  selectedVariantID: number;
  selectedJewelryShape: string;
  selectedRingSize?: string;
  customSize?: string;
}

export function cartPayload(b: ByoCartAdd): CartAddPayload {
  return {
    is_byo: b.isBYO,
    ids: [b.diamondID, b.productID],
    selected_configurable_option: b.selectedVariantID,
    selected_jewelry_shape: b.selectedJewelryShape,
    selected_size: b.selectedRingSize ?? '',
    custom_size: b.customSize ?? '',
    quantity: 1,
  };
}

export function wishlistPayload(b: ByoCartAdd): WishlistAddByoPayload {
  return {
    ids: [b.diamondID, b.productID],
    is_byo: true,
    quantity: 1,
    selected_configurable_option: b.selectedVariantID,
    selected_jewelry_shape: b.selectedJewelryShape,
    selected_size: b.selectedRingSize ?? '',
    custom_size: b.customSize ?? '',
  };
}

export const addBuildToCart = (b: ByoCartAdd) => addToCart(cartPayload(b));
export const addBuildToWishlist = (b: ByoCartAdd) => addPairToWishlist(wishlistPayload(b));
