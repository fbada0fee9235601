/**
 * The look-up behind the note under the quote's registration number: which
 * car Statens vegvesen knows by the plate the visitor typed (the contract is
 * lib/api/vehicle.ts). Free of any framework: the form calls `typed` with
 * each edit the visitor makes to the field, and renders `answerFor` the plate
 * in the field (through useSyncExternalStore).
 *
 * - Only the visitor's own edits start a look-up, and only of a plate of the
 *   usual shape: a restored draft or a value put in the field by the page
 *   sends nothing.
 * - A plate that may still grow (four digits) is asked for once the typing
 *   pauses; a whole one at once. An edit cancels the request before it, and a
 *   request with no answer in time is given up.
 * - Each answer (the car, or no such plate) is kept for the page's life, so a
 *   plate typed again shows at once and is asked for once.
 * - Any other outcome (a refusal, a busy or failing host, no connection, an
 *   answer of another shape) shows nothing and is not kept. A host without a
 *   look-up (404) is asked nothing more for the page's life.
 *
 * The note is advice only: nothing here changes or holds back the quote.
 */
import { call, endpoints, type Fetch } from "../api/transport";
import { VEHICLE_PATH, VEHICLE_QUERY, mayGrow, plateOf, vehicleAnswerSchema, type VehicleAnswer } from "../api/vehicle";

/** How long the typing must pause before a plate that may still grow is asked for. */
export const VEHICLE_PAUSE_MS = 600;
/** How long an answer may take; one that comes later is not shown. */
export const VEHICLE_TIMEOUT_MS = 5_000;

export interface VehicleDeps {
  /** a test's own network; the browser's otherwise */
  fetch?: Fetch;
  /** the admin host as a url prefix (endpoints.adminHost) */
  host?: () => string;
}

/** GET {ADMIN}/api/vehicle?regNumber=<plate>. */
export const vehicleUrl = (plate: string, host = endpoints.adminHost()) =>
  `${host}${VEHICLE_PATH}?${new URLSearchParams({ [VEHICLE_QUERY]: plate })}`;

/** The request in flight: its plate, and how to cancel it. */
interface Running {
  plate: string;
  controller: AbortController;
}

export class VehicleLookup {
  private readonly answers = new Map<string, VehicleAnswer>();
  private readonly listeners = new Set<() => void>();
  /** the host answered 404: it looks nothing up */
  private absent = false;
  private pause?: ReturnType<typeof setTimeout>;
  private running?: Running;
  private readonly fetch: Fetch;
  private readonly host: () => string;

  constructor(deps: VehicleDeps = {}) {
    this.fetch = deps.fetch ?? ((input, init) => fetch(input, init));
    this.host = deps.host ?? endpoints.adminHost;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** What is known of `plate` (as plateOf writes it): the car, that there is none, or nothing yet. */
  answerFor = (plate: string): VehicleAnswer | undefined => this.answers.get(plate);

  /**
   * The visitor changed the field to `text`. The request for another plate, or
   * a pause still running, is cancelled; the plate in `text`, when it is of the
   * usual shape and not known yet, is asked for (after a pause if it may grow).
   */
  typed(text: string): void {
    const plate = plateOf(text);
    clearTimeout(this.pause);
    // the same plate written another way (`AB 12345`): its answer is on the way
    if (plate !== undefined && plate === this.running?.plate) return;
    this.cancel();
    if (plate === undefined || this.absent || this.answers.has(plate)) return;
    if (mayGrow(plate)) this.pause = setTimeout(() => void this.ask(plate), VEHICLE_PAUSE_MS);
    else void this.ask(plate);
  }

  /** Nothing more is asked for what was typed so far: the pause and the request in flight end. */
  cancel(): void {
    clearTimeout(this.pause);
    this.running?.controller.abort();
    this.running = undefined;
  }

  private async ask(plate: string) {
    const running = { plate, controller: new AbortController() };
    this.running = running;
    const { signal } = running.controller;
    const timer = setTimeout(
      () => running.controller.abort(new DOMException("Statens vegvesen svarte ikke i tide", "TimeoutError")),
      VEHICLE_TIMEOUT_MS,
    );
    try {
      const answer = await this.answer(plate, signal);
      // an answer after the visitor typed on, or after the time ran out, is not kept
      if (!answer || signal.aborted) return;
      this.answers.set(plate, answer);
      this.listeners.forEach((listener) => listener());
    } finally {
      clearTimeout(timer);
      if (this.running === running) this.running = undefined;
    }
  }

  /** The host's answer for `plate`; undefined for anything but one of the two answers of the contract. */
  private async answer(plate: string, signal: AbortSignal): Promise<VehicleAnswer | undefined> {
    try {
      const response = await call(this.fetch, vehicleUrl(plate, this.host()), {
        headers: { Accept: "application/json" },
        signal,
      });
      if (signal.aborted) return undefined;
      if (response.status === 404) this.absent = true;
      if (!response.ok) return undefined;
      const parsed = vehicleAnswerSchema.safeParse(await response.json());
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // no connection, cancelled, or no JSON
    }
  }
}

let page: VehicleLookup | undefined;

/** The page's one look-up, with the browser's network: its answers and its memory of a host without one last as long as the page. */
export const pageVehicleLookup = (): VehicleLookup => (page ??= new VehicleLookup());
