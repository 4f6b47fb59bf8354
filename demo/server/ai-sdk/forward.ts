/*
 * Decisions that reach another process than the one holding the reply. A parked reply's
 * continuation is code in the process that parked it, so a decision posted elsewhere is passed
 * to it over the relay: every process listens, the one holding the reply continues it into a
 * resumable stream and acknowledges, and the process the decision reached follows that stream.
 * A decision is claimed first (`SET NX`), so a second answer, on any process, runs nothing.
 */
import type { ProtocolRuns } from '../protocol-runs.js';
import type { Relay } from '../relay/relay.js';
import { RELAY_TTL_SECONDS } from '../relay/relay.js';
import type { AiSdkChats } from './resumable.js';
import type { ReplyControls } from './steering.js';
import type { Decision, ReplyTarget } from './route.js';
import { resumePlan, startResumable } from './route.js';

/** What the AI SDK route works with. */
export interface AiSdkRouteContext {
  runs: ProtocolRuns;
  chats: AiSdkChats;
  relay: Relay;
  /** The runs in progress here, by chat: what `/steer` and `/stop` act on. */
  controls: ReplyControls;
}

const DECIDE = 'ram:ai-sdk:decide';
const ackChannel = (streamId: string) => `ram:ai-sdk:ack:${streamId}`;
const goChannel = (streamId: string) => `ram:ai-sdk:go:${streamId}`;
/** How long a forwarded decision waits for the process holding its reply. */
const FORWARD_TIMEOUT_MS = 3000;

interface Forwarded {
  decision: Decision;
  target: ReplyTarget;
}

/** `true` for the first answer to the decision under `key`, on any process. */
export function claimDecision(context: AiSdkRouteContext, key: string): Promise<boolean> {
  return context.relay.claim(`ram:ai-sdk:decided:${key}`, RELAY_TTL_SECONDS);
}

/**
 * Passes a decision to whichever process holds its reply; resolves `true` once that process
 * has started the continuation under `target.streamId`, `false` if none answers in time.
 */
export async function forwardDecision(
  context: AiSdkRouteContext,
  decision: Decision,
  target: ReplyTarget,
): Promise<boolean> {
  let acked!: () => void;
  const ack = new Promise<boolean>((resolve) => {
    acked = () => resolve(true);
    setTimeout(() => resolve(false), FORWARD_TIMEOUT_MS).unref();
  });
  const stop = await context.relay.listen(ackChannel(target.streamId), () => acked());
  try {
    const message: Forwarded = { decision, target };
    await context.relay.publish(DECIDE, JSON.stringify(message));
    return await ack;
  } finally {
    await stop();
  }
}

/** Continues the replies parked here when their decisions reach another process. */
export function listenForDecisions(context: AiSdkRouteContext): Promise<() => Promise<void>> {
  return context.relay.listen(DECIDE, (text) => {
    let message: Forwarded;
    try {
      message = JSON.parse(text) as Forwarded;
    } catch {
      return;
    }
    const parked = context.runs.take(message.decision.key);
    if (!parked) return;
    void continueHere(context, parked, message);
  });
}

/**
 * Continues a parked reply for a follower on another process. The stream exists (and is
 * acknowledged) before the run starts, and the run starts once the follower is attached (or
 * after a timeout): a fast reply cannot finish before anyone reads it.
 */
async function continueHere(
  context: AiSdkRouteContext,
  parked: NonNullable<ReturnType<ProtocolRuns['take']>>,
  message: Forwarded,
): Promise<void> {
  const { streamId } = message.target;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
    setTimeout(resolve, FORWARD_TIMEOUT_MS).unref();
  });
  const stopGo = await context.relay.listen(goChannel(streamId), () => open());
  void gate.then(stopGo);
  const plan = resumePlan(parked, message.decision);
  const stream = await startResumable(context, plan, message.target, gate);
  // Nobody reads this copy: the follower resumes the stream by its id.
  void stream?.cancel().catch(() => undefined);
  await context.relay.publish(ackChannel(streamId), 'started');
}

/** The follower is attached to `streamId`: the process holding the reply may start it. */
export function followerAttached(context: AiSdkRouteContext, streamId: string): Promise<void> {
  return context.relay.publish(goChannel(streamId), 'go');
}
