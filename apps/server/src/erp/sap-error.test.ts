import { describe, expect, it } from 'vitest';
import { fromReply, fromTransport } from './classify.js';
import { cookieHeader, cookiesFrom } from './session-cookies.js';
import { odataString, queryString } from './odata.js';
import { CLIENT_CODES, parseErrorBody, SapError } from './sap-error.js';
import { TransportError } from './transport.js';

describe('parseErrorBody', () => {
  it.each([
    [
      'v1',
      '{"error":{"code":-2028,"message":{"lang":"en-us","value":"No matching records found (ODBC -2028)"}}}',
      '-2028',
      'No matching records found (ODBC -2028)',
    ],
    [
      'v2',
      '{"error":{"code":"-4013","message":"Posting period locked; specify an alternative date"}}',
      '-4013',
      'Posting period locked; specify an alternative date',
    ],
    [
      'plain',
      '{"error":{"code":301,"message":"Invalid session or session already timeout."}}',
      '301',
      'Invalid session or session already timeout.',
    ],
    [
      'v2 with value',
      '{"error":{"code":"100000027","message":{"value":"Login failed"}}}',
      '100000027',
      'Login failed',
    ],
    [
      'odata.error',
      '{"odata.error":{"code":"-5002","message":{"lang":"en-us","value":"Boom"}}}',
      '-5002',
      'Boom',
    ],
    ['top-level message', '{"message":"Service unavailable"}', null, 'Service unavailable'],
  ])('reads the %s shape', (_shape, body, code, message) => {
    expect(parseErrorBody(body)).toEqual({ code, message });
  });

  it('reads non-JSON bodies as short plain text', () => {
    expect(
      parseErrorBody('<html><body><h1>503 Service Unavailable</h1><script>x()</script></body></html>'),
    ).toEqual({ code: null, message: '503 Service Unavailable' });
    expect(parseErrorBody('Bad Gateway')).toEqual({ code: null, message: 'Bad Gateway' });
    expect(parseErrorBody('')).toEqual({ code: null, message: null });
    expect(parseErrorBody('x'.repeat(1000)).message).toHaveLength(301);
  });

  it('classifies replies by status and call kind', () => {
    const reply = (status: number, text = '') => ({ status, headers: {}, text });
    expect(
      fromReply(reply(400, '{"error":{"code":-10,"message":"x"}}'), 'write', 'POST JournalEntries').kind,
    ).toBe('business');
    expect(fromReply(reply(404), 'read', 'GET X').kind).toBe('business');
    expect(fromReply(reply(401), 'write', 'POST JournalEntries').kind).toBe('auth');
    expect(fromReply(reply(400), 'login', 'POST Login').kind).toBe('auth');
    expect(fromReply(reply(429), 'write', 'POST JournalEntries').kind).toBe('unavailable');
    expect(fromReply(reply(503), 'read', 'GET X').kind).toBe('unavailable');
    expect(fromReply(reply(503), 'write', 'POST JournalEntries').kind).toBe('outcome-unknown');
    expect(fromReply(reply(500), 'login', 'POST Login').kind).toBe('unavailable');
    expect(fromReply(reply(502), 'read', 'GET X')).toMatchObject({
      code: 'http-502',
      message: 'SAP Business One answered HTTP 502 without an error description.',
    });
  });
});

describe('which failure it was (issue 12)', () => {
  const login = (status: number, body = '') =>
    fromReply({ status, headers: {}, text: body }, 'login', 'POST Login');

  it("calls a login SAP answered with 401 (or another 4xx) a refused login, with SAP's answer", () => {
    const refused = login(401, '{"error":{"code":100000027,"message":{"value":"Login failed"}}}');
    expect(refused.connectionProblem).toBe('login-refused');
    expect(refused.userMessage).toBe(
      'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.',
    );
    expect(
      login(400, '{"error":{"code":-304,"message":"Fail to get DB Credentials from SLD"}}').userMessage,
    ).toBe(
      'SAP refused the login (check the user and password in Settings). SAP answered: Fail to get DB Credentials from SLD.',
    );
  });

  it('calls a network failure, a timeout and a 5xx "SAP could not be reached", with the detail', () => {
    const network = fromTransport(
      new TransportError('not-sent', 'ECONNREFUSED', new Error('x')),
      'login',
      'POST Login',
      'https://sap:50000/b1s/v1',
      30_000,
    );
    expect(network.connectionProblem).toBe('unreachable');
    expect(network.userMessage).toBe(
      'SAP could not be reached at https://sap:50000/b1s/v1: the connection was refused (is the Service Layer running?).',
    );
    const timeout = fromTransport(
      new TransportError('timeout', 'timeout', new Error('x')),
      'read',
      'GET X',
      'https://sap:50000/b1s/v1',
      30_000,
    );
    expect(timeout.userMessage).toBe(
      'SAP could not be reached: SAP Business One did not answer within 30 s.',
    );
    expect(login(503, 'Service Unavailable').userMessage).toBe(
      'SAP could not be reached: it answered HTTP 503 (Service Unavailable).',
    );
  });

  it('says "not set up" as it is, and leaves answers about a document to their own words', () => {
    const missing = new SapError({
      kind: 'auth',
      status: null,
      code: CLIENT_CODES.notConfigured,
      operation: 'GET X',
      message:
        'The SAP Business One connection is not set up: save the Company DB, Username and Password under Settings.',
    });
    expect(missing.connectionProblem).toBe('not-configured');
    expect(missing.userMessage).toBe(missing.message);
    const business = fromReply(
      { status: 400, headers: {}, text: '{"error":{"code":-10,"message":"Unbalanced"}}' },
      'write',
      'POST JournalEntries',
    );
    expect(business.connectionProblem).toBeNull();
    expect(business.userMessage).toBe('Unbalanced');
  });
});

describe('cookies and OData', () => {
  it('keeps B1SESSION and ROUTEID from Set-Cookie', () => {
    const jar = cookiesFrom(['B1SESSION=abc-123; HttpOnly', 'ROUTEID=.node1; path=/', 'junk']);
    expect(cookieHeader(jar)).toBe('B1SESSION=abc-123; ROUTEID=.node1');
    expect(cookieHeader(cookiesFrom('B1SESSION=x; HttpOnly'))).toBe('B1SESSION=x');
  });

  it('quotes string literals and encodes spaces as %20', () => {
    expect(odataString("O'Brien's")).toBe("'O''Brien''s'");
    expect(
      queryString({
        $filter: "Reference3 eq 'FF-SJ-1042'",
        $select: 'JdtNum,Number',
        $top: 1,
        skip: undefined,
      }),
    ).toBe("$filter=Reference3%20eq%20'FF-SJ-1042'&$select=JdtNum%2CNumber&$top=1");
  });
});
