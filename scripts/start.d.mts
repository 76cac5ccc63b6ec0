// scripts/start.mjs is run for its effect (npm start); importing it starts the checkout.
export {};
