/**
 * The shopper's "user action" span: a click, an Enter key or a form submission opens one, and
 * the requests the page makes while it is open (a purchase's payment call, its order read)
 * become its children, so one click is one trace browser → web → api, not a trace per fetch.
 *
 * The browser has no async context (zone.js cannot follow native async/await), so the action is
 * found by time, as RUM agents do: it stays open while any of its requests run and for a short
 * settle time after; the first request must come within a few seconds of the interaction. An
 * interaction that started no request exports nothing.
 */
import {
  ROOT_CONTEXT,
  trace,
  type Context,
  type ContextManager,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-web';

export const USER_ACTION_TIMINGS = {
  /** The first request must start this soon after the interaction to count as its doing. */
  firstRequestMs: 10_000,
  /** With no request of its own running this long, the action is over. */
  settleMs: 1_000,
  /** However busy, an action ends after this (a poll loop never keeps one open for ever). */
  maxMs: 60_000,
} as const;

interface OpenAction {
  span: Span;
  context: Context;
  spanId: string;
  running: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  deadline: ReturnType<typeof setTimeout>;
}

export class UserActions implements ContextManager, SpanProcessor {
  private open: OpenAction | undefined;
  /** Nesting of `with` calls: inside one, the caller's context is the active one, as usual. */
  private stack: Context[] = [];
  /** Actions (span ids) that started a request: only those are exported. */
  private readonly withRequests = new Set<string>();

  /** Spans go on to `next` (the exporting processor); a childless action's span does not. */
  constructor(
    private readonly tracer: () => Tracer,
    private readonly next: SpanProcessor,
  ) {}

  /** The shopper did something: a new action replaces the open one. */
  begin(kind: string, target: string): void {
    this.finish();
    const span = this.tracer().startSpan(
      `${kind} ${target}`,
      { attributes: { 'user_action.type': kind, 'user_action.target': target } },
      ROOT_CONTEXT,
    );
    const action: OpenAction = {
      span,
      context: trace.setSpan(ROOT_CONTEXT, span),
      spanId: span.spanContext().spanId,
      running: 0,
      timer: undefined,
      deadline: setTimeout(() => this.finish(action), USER_ACTION_TIMINGS.maxMs),
    };
    action.timer = setTimeout(() => this.finish(action), USER_ACTION_TIMINGS.firstRequestMs);
    this.open = action;
  }

  private finish(action = this.open): void {
    if (!action || action !== this.open) return;
    this.open = undefined;
    clearTimeout(action.timer);
    clearTimeout(action.deadline);
    action.span.end();
  }

  // ContextManager: outside any `with`, the open action is the context new spans start in.
  active(): Context {
    return this.stack.at(-1) ?? this.open?.context ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    this.stack.push(context);
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.stack.pop();
    }
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the wrapper keeps its own `this`
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.with(context, () =>
        (target as (...a: unknown[]) => unknown).apply(this, args),
      );
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.finish();
    this.stack = [];
    return this;
  }

  // SpanProcessor: count the action's running requests; drop an action that made none.
  onStart(span: Parameters<SpanProcessor['onStart']>[0], parentContext: Context): void {
    const action = this.open;
    if (action && trace.getSpan(parentContext)?.spanContext().spanId === action.spanId) {
      action.running++;
      this.withRequests.add(action.spanId);
      clearTimeout(action.timer);
      action.timer = undefined;
    }
    this.next.onStart(span, parentContext);
  }

  onEnding(span: Parameters<NonNullable<SpanProcessor['onEnding']>>[0]): void {
    this.next.onEnding?.(span);
  }

  onEnd(span: ReadableSpan): void {
    const action = this.open;
    if (action && span.parentSpanContext?.spanId === action.spanId) {
      action.running--;
      if (action.running === 0) {
        action.timer = setTimeout(() => this.finish(action), USER_ACTION_TIMINGS.settleMs);
      }
    }
    const isAction = span.attributes['user_action.type'] !== undefined;
    if (isAction && !this.withRequests.delete(span.spanContext().spanId)) return;
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    this.disable();
    return this.next.shutdown();
  }
}

/** What the shopper clicked, by the element's `data-element` name (never its text or value). */
function targetOf(event: Event): string {
  const element = event.target instanceof Element ? event.target : null;
  const named = element?.closest('[data-element]');
  return named?.getAttribute('data-element') ?? element?.tagName.toLowerCase() ?? 'document';
}

/**
 * Opens an action at every click (a keyboard's Enter on a button or in a form clicks too).
 * Captured before the page's own handlers run, so their requests find it open.
 */
export function listenForUserActions(actions: UserActions): void {
  document.addEventListener('click', (event) => actions.begin('click', targetOf(event)), {
    capture: true,
  });
}
