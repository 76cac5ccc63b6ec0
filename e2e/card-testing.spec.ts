import { expect, test, type Page } from '@playwright/test';
import { confirmEmailForCard, declinedCard, paymentAnswer, payWithCardAnswered } from './card';

async function checkoutToCard(page: Page, email: string) {
  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await confirmEmailForCard(page, email);
}

test('after three declines the checkout asks for a proof of work, solved in the browser, and the card pays', async ({
  page,
}) => {
  // Five payment attempts and a proof of work: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  const seed = Date.now() % 9000;
  await checkoutToCard(page, `careful-then-challenged-${seed}@gmail.com`);
  // Two mistakes pass without any check; the third decline makes the next attempt need one.
  // Each attempt's own answer is awaited: the alert an earlier decline left is no proof.
  for (let i = 0; i < 3; i++) {
    const declined = await payWithCardAnswered(page, declinedCard(seed + i));
    expect(await declined.json()).toMatchObject({ type: 'error', reason: 'declined' });
    await expect(page.locator('[data-element="payment-error"]')).toBeVisible();
    await expect(page.locator('[data-element="challenge"]')).toHaveCount(0);
  }
  const refused = await payWithCardAnswered(page, '4242 4242 4242 4242');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'challenge_required' } });
  const challenge = page.locator('[data-element="challenge"]');
  await expect(challenge).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Confirm that you are not a robot' }),
  ).toBeFocused();
  // Keyboard only: the widget's checkbox takes the focus and Space starts the proof of work.
  const box = challenge.getByRole('checkbox');
  await box.focus();
  const solved = paymentAnswer(page);
  await page.keyboard.press('Space');
  // Solved in the browser's workers, then the same card is paid with the solution.
  const paid = await solved;
  expect(await paid.json()).toMatchObject({ type: 'done' });
  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  expect(blocked).toEqual([]);
});

test('the challenge code stays out of the payment page until it is needed', async ({ page }) => {
  // The bodies are awaited before the check: a listener still reading one when the test ended
  // failed the test in CI ("response.text: Test ended").
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  });
  await checkoutToCard(page, 'no-challenge-buyer@gmail.com');
  const scripts = await Promise.all(bodies);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((source) => source.includes('altcha-widget'))).toBe(false);
});

test('an owner whose address is being guessed at still logs in, by solving the challenge', async ({
  browser,
}) => {
  const email = `guessed-${Date.now()}@gmail.com`;
  const password = 'the owner knows this one';
  const loginScreen = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login/');
    await page.waitForURL(/\/account\/login\/[\w-]+\/$/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    return { context, page };
  };

  const owner = await loginScreen();
  await owner.page.getByRole('link', { name: 'New here? Create an account' }).click();
  await owner.page.getByLabel('E-mail').fill(email);
  await owner.page.getByLabel('Password').fill(password);
  await owner.page.getByRole('button', { name: 'Create account' }).click();
  await expect(owner.page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const mailbox = await owner.page.request.get(
    `/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`,
  );
  const code = /Your code is (\d{8})/.exec(await mailbox.text())?.[1];
  await owner.page.getByLabel('Code').fill(code!);
  await owner.page.getByRole('button', { name: 'Confirm' }).click();
  await owner.page.waitForURL((url) => !url.pathname.includes('/account/login/'));
  await owner.context.close();

  // Someone guesses passwords for the address until the screen asks for the challenge.
  const guesser = await loginScreen();
  const challenge = guesser.page.locator('[data-element="challenge"]');
  for (let i = 0; i < 12 && !(await challenge.isVisible()); i++) {
    await guesser.page.getByLabel('E-mail').fill(email);
    await guesser.page.getByLabel('Password').fill(`wrong guess ${i}`);
    await guesser.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(guesser.page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  }
  await expect(challenge).toBeVisible();
  await guesser.context.close();

  // The owner, in a browser of their own: the right password, then the check, and they are in.
  const back = await loginScreen();
  await back.page.getByLabel('E-mail').fill(email);
  await back.page.getByLabel('Password').fill(password);
  await back.page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(
    back.page.getByRole('heading', { name: 'Confirm that you are not a robot' }),
  ).toBeFocused();
  await back.page.locator('[data-element="challenge"]').getByRole('checkbox').focus();
  await back.page.keyboard.press('Space');
  await back.page.waitForURL((url) => !url.pathname.includes('/account/login/'), {
    timeout: 60_000,
  });
  await back.page.locator('html[data-hydrated="true"]').waitFor();
  await expect(back.page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await back.context.close();
});
