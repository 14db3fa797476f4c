import { expect, test } from 'vitest';
import { classifySmtpError } from './smtp-result';

const error = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields);

test.each([
  [
    'a 4xx reply is temporary and certainly not delivered',
    error({ responseCode: 451, response: '451 4.3.0 Try again later', command: 'RCPT TO' }),
    { status: 'temporary', notDelivered: true, reason: '451 4.3.0 Try again later' },
  ],
  [
    'a 5xx reply is permanent',
    error({ responseCode: 550, response: '550 5.1.1 No such user', command: 'RCPT TO' }),
    { status: 'permanent', reason: '550 5.1.1 No such user' },
  ],
  [
    'a rejected login is the operator’s problem: temporary',
    error({ responseCode: 535, code: 'EAUTH', response: '535 Authentication failed' }),
    { status: 'temporary', notDelivered: true, reason: '535 Authentication failed' },
  ],
  [
    'a refused connection is temporary and not delivered',
    error({ code: 'ECONNECTION', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' }),
    { status: 'temporary', notDelivered: true, reason: 'connect ECONNREFUSED 127.0.0.1:25' },
  ],
  [
    'a connection lost after the data went out may have been delivered',
    error({ code: 'ESOCKET', message: 'Connection closed unexpectedly' }),
    { status: 'temporary', notDelivered: false, reason: 'Connection closed unexpectedly' },
  ],
  [
    'a multi-line answer is kept on one line',
    error({ responseCode: 554, response: '554-first\r\n554 second' }),
    { status: 'permanent', reason: '554-first 554 second' },
  ],
  ['something that is not an error at all', 'boom', { status: 'temporary', notDelivered: false }],
])('%s', (_name, input, expected) => {
  expect(classifySmtpError(input)).toMatchObject(expected);
});
