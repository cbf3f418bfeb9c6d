/**
 * Resolves in a new task of the event loop, so the work after `await nextTask()` does not extend the
 * task before it. A phone runs the page's start-up in long tasks, and each millisecond of a task over
 * 50 ms delays a tap (Lighthouse's Total Blocking Time, issue 17); a boundary between two steps lets
 * the browser handle input, and paint, in between.
 *
 * `scheduler.yield()` where the browser has it (its continuation runs ahead of other queued tasks, so
 * a yield costs no waiting behind timers); elsewhere a message on a channel, which unlike
 * `setTimeout(…, 0)` is not clamped to 4 ms once timers nest.
 */
interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
