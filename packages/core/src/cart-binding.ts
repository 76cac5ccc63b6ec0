/** Kept apart from the cart schemas: the browser's request helper reads it without zod. */
/**
 * The HttpOnly cookie that binds carts to the browser that created them (the api keeps only a
 * keyed hash of its value); the web app forwards it on its server-side reads of carts and orders.
 */
export const CART_BINDING_COOKIE = 'cart_binding';
