// jsdom, plus the web platform globals Node has and jsdom lacks (React Router and fetch need them).
import JSDOMEnvironment from 'jest-environment-jsdom';

const NODE_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'Response',
  'Request',
  'Headers',
  'fetch',
  'structuredClone',
  'AbortController',
  'AbortSignal',
];

export default class DomEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of NODE_GLOBALS) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}
