/**
 * The styles of the checkout's deferred parts (lazy-sections.tsx), imported by the payment page
 * on the server: the server renders those parts' HTML, so their rules belong in the page's
 * stylesheets from the first paint (only their code waits), and imported here rather than from a
 * client module, no class names ride in the browser's JavaScript.
 */
import './address-fields.module.css';
import './coupon-field.module.css';
import './cross-sell-section.module.css';
import './sign-up-section.module.css';
import './stepper.module.css';
import '../plans/order-summary.module.css';
