import { ErrorCode, type ApiErrorBody } from '@villas/shared';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { FetchInterceptor } from '@mswjs/interceptors/fetch/web';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { API_CONTRACT, type ApiBody, type ApiRoute } from './api-contract';
import { agentUser, company, exchangeRates } from './fixtures';

/*
 * The web tests' HTTP double: Mock Service Worker answers the app's real `fetch` calls, and every
 * answer is held to the API's contract (api-contract.ts). `route()` builds a handler for a route the
 * server has, with a body of the type its shared schema gives (a partial user, a field the server
 * does not send, does not compile); `apiError()` builds an error body from an `ErrorCode` with a
 * status the server uses for it (`'UNAUTHENTICATED'` does not compile). A request no handler answers
 * fails the test (setup.ts).
 */

// ---------------------------------------------------------------------------------------------------
// Routes: a concrete path ('/api/holds/5/confirm') or the route's own pattern ('/api/holds/:id/confirm').

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [P];

type SegmentsMatch<Pattern extends string[], Path extends string[]> = Pattern extends [
  infer P extends string,
  ...infer PatternRest extends string[],
]
  ? Path extends [infer S extends string, ...infer PathRest extends string[]]
    ? (P extends `:${string}` ? (S extends '' ? false : true) : [S] extends [P] ? true : false) extends true
      ? SegmentsMatch<PatternRest, PathRest>
      : false
    : false
  : Path extends []
    ? true
    : false;

type Matches<R extends string, K extends string> = R extends `${infer M} ${infer Pattern}`
  ? K extends `${M} ${infer Path}`
    ? SegmentsMatch<Segments<Pattern>, Segments<Path>>
    : false
  : false;

/** The contract route `key` ('GET /api/holds/5') names: itself when it is one, else the pattern it fits. */
export type RouteOf<K extends string> = K extends ApiRoute
  ? K
  : { [R in ApiRoute]: Matches<R, K> extends true ? R : never }[ApiRoute];

/** `K` when it names a route of the API; otherwise the list of routes, so the call does not compile. */
export type KnownRoute<K extends string> = [RouteOf<K>] extends [never] ? ApiRoute : K;

const ROUTES = Object.keys(API_CONTRACT) as ApiRoute[];

function contractOf(method: string, path: string) {
  const exact = `${method} ${path}`;
  if (exact in API_CONTRACT) return { route: exact as ApiRoute, ...API_CONTRACT[exact as ApiRoute] };
  const segments = path.split('/');
  for (const route of ROUTES) {
    const [m, pattern] = route.split(' ') as [string, string];
    const parts = pattern.split('/');
    if (
      m === method &&
      parts.length === segments.length &&
      parts.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
    )
      return { route, ...API_CONTRACT[route] };
  }
  throw new Error(`${exact} is not a route of the API contract (testing/api-contract.ts)`);
}

// ---------------------------------------------------------------------------------------------------
// Answers.

/**
 * The HTTP status the server answers with for each error code (apps/server/src/lib/errors.ts and
 * plugins/error-handler.ts). `satisfies` makes a new code in the shared package fail to compile
 * here until it has its statuses.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: [400],
  UNAUTHORIZED: [401],
  INVALID_CREDENTIALS: [401],
  ACCOUNT_PENDING: [403],
  FORBIDDEN: [403],
  CSRF_REJECTED: [403],
  NOT_FOUND: [404],
  CONFLICT: [409],
  EMAIL_TAKEN: [409],
  SYNC_RUNNING: [409],
  CONNECTION_DISABLED: [409],
  HOLD_LIMIT_ACTIVE: [409],
  HOLD_LIMIT_NIGHTS: [409],
  PAYLOAD_TOO_LARGE: [413],
  UNSUPPORTED_MEDIA_TYPE: [415],
  RATE_LIMITED: [429],
  INTERNAL: [500],
  UPSTREAM_ERROR: [502, 504],
  SERVICE_UNAVAILABLE: [503],
  REQUEST_TIMEOUT: [408],
} as const satisfies Record<ErrorCode, readonly [number, ...number[]]>;

/** An error body as the server writes it: the code is one of `ErrorCode`, never free text. */
export type ApiErrorAnswerBody = Omit<ApiErrorBody, 'code'> & { code: ErrorCode };

/** An answer other than the route's success body: an error, a network failure, a foreign page. */
export class ApiAnswer {
  private constructor(readonly toResponse: () => Response) {}

  /** @internal */
  static of(toResponse: () => Response) {
    return new ApiAnswer(toResponse);
  }
}

/**
 * An error answer: `code` from `ErrorCode`, with the status the server uses for it (the first one
 * listed in ERROR_STATUS unless `status` picks another of that code's).
 */
export function apiError<C extends ErrorCode>(
  code: C,
  message: string,
  more: Omit<ApiErrorAnswerBody, 'code' | 'message'> & { status?: (typeof ERROR_STATUS)[C][number] } = {},
): ApiAnswer {
  const { status = ERROR_STATUS[code][0], ...rest } = more;
  const body: ApiErrorAnswerBody = { code, message, ...rest };
  return ApiAnswer.of(() => HttpResponse.json(body, { status }));
}

/** No answer at all: the connection failed (fetch rejects with a TypeError, as offline). */
export const networkError = () => ApiAnswer.of(() => HttpResponse.error());

/**
 * An answer that is not our API's (a proxy's HTML error page, an empty body): for tests of how the
 * app copes with one. Never for what the server itself sends.
 */
export const foreignAnswer = (status: number, text = '', contentType = 'text/html') =>
  ApiAnswer.of(
    () =>
      new HttpResponse(status === 204 || status === 304 ? null : text, {
        status,
        headers: { 'content-type': contentType },
      }),
  );

/**
 * Holds answers back until `open()`, so a test sees the app while a request is on its way:
 * `route('POST /api/x', async () => { await held.opened; return body; })`.
 */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

// ---------------------------------------------------------------------------------------------------
// Handlers.

/** A request the app sent (to a route with a handler), in order. */
export class SentRequest {
  /** The path without the query. */
  readonly url: string;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown = undefined;
  readonly #url: URL;

  constructor(
    readonly method: string,
    url: URL,
  ) {
    this.url = url.pathname;
    this.#url = url;
  }

  /** The query's parameters. */
  get query(): URLSearchParams {
    return this.#url.searchParams;
  }
}

export interface ApiRequest {
  request: Request;
  url: URL;
  params: Record<string, string | readonly string[] | undefined>;
  body: unknown;
}

type Reply<R extends ApiRoute> = ApiBody<R> | ApiAnswer;
export type ApiResolver<R extends ApiRoute> = (req: ApiRequest) => Reply<R> | Promise<Reply<R>>;

const sent: SentRequest[] = [];
const violations: string[] = [];

/** Every request answered since the test began (cleared before each test). */
export const sentRequests = (): SentRequest[] => sent;

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A handler for one route of the API: `reply` is the success body (typed by the route's shared
 * schema), an `apiError(...)`, or a function of the request returning either. A body is checked
 * against the schema when sent; a mismatch fails the test and is answered with a 500.
 */
export function route<K extends string>(
  key: KnownRoute<K>,
  reply: Reply<RouteOf<K>> | ApiResolver<RouteOf<K>>,
  options: { once?: boolean } = {},
): HttpHandler {
  const [method, path] = key.split(' ') as [string, string];
  const contract = contractOf(method, path);
  const handle = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'];
  return handle(
    path,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const entry = new SentRequest(method, url);
      sent.push(entry);
      entry.body = await readBody(request.clone());
      const out =
        typeof reply === 'function'
          ? await (reply as ApiResolver<ApiRoute>)({ request, url, params, body: entry.body })
          : reply;
      if (out instanceof ApiAnswer) return out.toResponse();
      const checked = contract.schema.safeParse(out);
      if (!checked.success) {
        violations.push(
          `The mocked answer to ${method} ${url.pathname} does not match ${contract.route}'s schema: ` +
            checked.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
        );
        return HttpResponse.json(
          { code: ErrorCode.INTERNAL, message: 'The test double broke the API contract' },
          { status: 500 },
        );
      }
      return HttpResponse.json(out as never, { status: contract.status });
    },
    options,
  );
}

/** What every test gets unless it overrides it with `server.use(...)`: a signed-in agent and the reference data. */
export const defaultHandlers = [
  route('GET /api/auth/user', agentUser),
  route('GET /api/notifications/:userId', []),
  route('GET /api/exchange-rates', exchangeRates),
  route('GET /api/company', company),
];

/** The signed-out visitor: `GET /api/auth/user` answers 401. */
export const signedOut = () =>
  route('GET /api/auth/user', apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue'));

/*
 * The network of the web tests: MSW's handlers on the `fetch` the app calls. `msw/node`'s
 * setupServer would take each request off Node's HTTP stack instead (its fetch interceptor lets
 * undici write the request and reads it back from the socket): about 5 times the cost per request,
 * and what jsdom's page asked for is lost on the way (`credentials`). The tests run a browser page
 * (jsdom), so the browser's interception point is the one that fits: fetch itself, as msw/browser
 * does without a Service Worker. Assembled from MSW's own parts, as setupServer is.
 */
type AnyInterceptor = ConstructorParameters<typeof InterceptorSource>[0]['interceptors'][number];
const network = defineNetwork({
  sources: [
    new InterceptorSource({
      // Two builds of the interceptors' types (browser and Node) name the same class.
      interceptors: [new FetchInterceptor() as unknown as AnyInterceptor],
    }),
  ],
  handlers: defaultHandlers,
  // A request no handler answers is refused, named below, and fails the test (setup.ts).
  onUnhandledFrame: 'error',
  // No line per mocked request in the test output.
  context: { quiet: true },
});

/** The one mock network of the web tests: `server.use(...)` adds a test's handlers before the defaults. */
export const server = {
  listen: () => network.enable(),
  close: () => network.disable(),
  use: network.use.bind(network),
  resetHandlers: network.resetHandlers.bind(network),
  events: network.events,
};

// A request no handler answers is refused (`onUnhandledFrame: 'error'` above) and named here.
server.events.on('request:unhandled', ({ request }) => {
  violations.push(
    `${request.method} ${new URL(request.url).pathname} was sent but no handler answers it: ` +
      `add \`server.use(route('${request.method} …', …))\` to the test`,
  );
});
server.events.on('unhandledException', ({ request, error }) => {
  violations.push(
    `The handler for ${request.method} ${new URL(request.url).pathname} threw: ${error.message}`,
  );
});

/** Before each test: default handlers only, no requests recorded. */
export function resetApi() {
  server.resetHandlers();
  sent.length = 0;
  violations.length = 0;
}

/** After each test: the requests nobody answered and the answers that broke the contract (empty when none). */
export const contractViolations = () => violations.join('\n');
