// The child processes of `npm start` and `npm run dev`: stopped together, once.

/**
 * Returns `stopAll(code)` for `children` (read when called, so children added later count):
 * each gets SIGTERM, and this process exits with `code` once they are gone (5 s at most).
 * SIGINT and SIGTERM stop all with 0.
 * @param {import('node:child_process').ChildProcess[]} children
 */
export function stopsTogether(children) {
  let stopping = false;
  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 5000).unref();
    Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    ).then(() => process.exit(code));
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  return stopAll;
}
