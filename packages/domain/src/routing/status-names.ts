/**
 * The status names the server answers on the status call (spec 1 §4): the application step values,
 * one list (APPLICATION_STEPS in enums/application-steps.ts) so the server's workflow, the routing table and the
 * polling policy cannot drift apart. The helpers take any string because the browser must cope with
 * a status a newer server introduces: an unknown name is neither waiting nor final, and unrouted.
 */
import {
  APPLICATION_STEPS,
  isFinalApplicationStep,
  isWaitingApplicationStep,
  type TApplicationStep,
} from '../enums';

export const STATUS_NAMES = APPLICATION_STEPS;
export type TStatusName = TApplicationStep;

const STATUS_NAME_SET: ReadonlySet<string> = new Set(STATUS_NAMES);

export function isStatusName(value: string): value is TStatusName {
  return STATUS_NAME_SET.has(value);
}

/** A provider or a document job is working (WAITING_FOR_*, GEN_*): keep polling, up to 14 attempts. */
export function isWaitingStatus(statusName: string): boolean {
  return isStatusName(statusName) && isWaitingApplicationStep(statusName);
}

/** Nothing more will happen (COMPLETE, CANCELLED, DECLINED): polling stops at once. */
export function isFinalStatus(statusName: string): boolean {
  return isStatusName(statusName) && isFinalApplicationStep(statusName);
}
