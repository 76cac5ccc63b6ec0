/** What `npm start` hands its api and web children (issue 28, finding 1). */
import { describe, expect, it } from 'vitest';
import { runMode } from './run-mode.mjs';
import { StartError, startEnvironments } from './start-env.mjs';

const local = runMode({});

describe('the environments of npm start', () => {
  it('sends the web app to the api on API_PORT when only the port is given', () => {
    const start = startEnvironments({ WEB_PORT: '3340', API_PORT: '4340' }, local);
    expect(start.apiUrl).toBe('http://127.0.0.1:4340');
    expect(start.web.API_URL).toBe('http://127.0.0.1:4340');
    expect(start.api.API_PORT).toBe('4340');
    expect(start.web.WEB_PORT).toBe('3340');
  });

  it('keeps an API_URL that is set, for the readiness check and the web app alike', () => {
    const start = startEnvironments(
      { API_URL: 'http://api.internal:8080', API_PORT: '4340' },
      local,
    );
    expect(start.apiUrl).toBe('http://api.internal:8080');
    expect(start.web.API_URL).toBe('http://api.internal:8080');
    // The readiness check asks the api this command starts, where it listens.
    expect(start.apiProbe).toBe('http://127.0.0.1:4340');
  });

  it('probes the api on API_HOST when it listens on one address only', () => {
    expect(startEnvironments({ API_HOST: '10.0.0.5' }, local).apiProbe).toBe(
      'http://10.0.0.5:4000',
    );
    expect(startEnvironments({ API_HOST: '0.0.0.0' }, local).apiProbe).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it.each([
    [{ WEB_PORT: '99999' }, /^WEB_PORT/],
    [{ API_PORT: 'http' }, /^API_PORT/],
    [{ API_PORT: '0' }, /^API_PORT/],
  ])('refuses %o, naming the variable', (env, named) => {
    expect(() => startEnvironments(env, local)).toThrow(StartError);
    expect(() => startEnvironments(env, local)).toThrow(named);
  });

  it('refuses an API_URL on this machine that is not the port the api is started on', () => {
    expect(() =>
      startEnvironments({ API_URL: 'http://127.0.0.1:4999', API_PORT: '4340' }, local),
    ).toThrow(/API_URL .*4999.* API_PORT .*4340/);
    expect(() => startEnvironments({ API_URL: 'http://localhost:4000' }, local)).not.toThrow();
  });

  it('defaults to the api on :4000 and the web app on :3000, login returning to the web app', () => {
    const start = startEnvironments({}, local);
    expect(start.web).toMatchObject({ API_URL: 'http://127.0.0.1:4000', WEB_PORT: '3000' });
    expect(start.api).toMatchObject({
      PUBLIC_ORIGIN: 'http://localhost:3000',
      NODE_ENV: 'development',
    });
    expect(start.web).toMatchObject({ NODE_ENV: 'production', DEPLOY_ENV: 'local' });
  });

  it('treats empty ports as unset, as the apps themselves do', () => {
    const start = startEnvironments({ WEB_PORT: '', API_PORT: '' }, local);
    expect(start.web).toMatchObject({ API_URL: 'http://127.0.0.1:4000', WEB_PORT: '3000' });
  });
});
