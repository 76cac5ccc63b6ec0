/** Every table of the api, gathered for drizzle-kit (drizzle.config.ts); each module owns its own tables. */
export * from './modules/catalog/tables';
export * from './modules/carts/tables';
export * from './modules/orders/tables';
export * from './modules/payments/tables';
export * from './modules/identity/tables';
export * from './mail/tables';
export * from './modules/users/tables';
export * from './modules/sandbox-gateway/tables';
export * from './modules/card-testing/tables';
export * from './modules/experiments/tables';
export * from './modules/analytics/tables';
export * from './modules/subscriptions/tables';
export * from './modules/billing/tables';
export * from './modules/payments/providers/adyen-checkout/tables';
export * from './modules/console/tables';
export * from './modules/payments/providers/paypal-orders/tables';
