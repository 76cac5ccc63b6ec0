import { describe, expect, it } from 'vitest';
import { errorScreenStatus, RequestError } from './request-error';

const failed = (status: number) =>
  new RequestError({
    method: 'GET',
    url: 'http://127.0.0.1:4000/graphql',
    endpointPattern: '/graphql',
    status,
    statusText: '',
    headers: {},
    data: null,
  });

describe('the status of the error screen', () => {
  it.each([
    [0, 503, 'the api cannot be reached'],
    [503, 503, 'the api or its database is unavailable'],
    [502, 503, 'a gateway in front of the api failed'],
    [500, 503, 'the api failed'],
    [429, 429, 'the api refused a burst'],
    [400, 500, 'the api refused the request'],
    [200, 500, 'the answer was not what the page needs'],
  ])('an api answer of %i gives %i (%s)', (status, screen) => {
    expect(errorScreenStatus(failed(status))).toBe(screen);
  });
});
