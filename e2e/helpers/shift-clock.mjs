// `node --import ./shift-clock.mjs …`: the process believes it is BULLPEN_E2E_TIME_SHIFT_MS later (or earlier) than it
// is. A journey on a real market's hours needs a session: it runs an API and a Massive stand-in of its own on a past
// trading morning, whatever day the journey runs on, without any switch in the product's code.
// Only "now" moves (Date.now() and an argument-less new Date() or Date()); every other Date, the timers and
// performance.now() are untouched, so time goes on at its real pace from the shifted instant. Tests only.
const shift = Number(process.env.BULLPEN_E2E_TIME_SHIFT_MS ?? 0);
if (!Number.isFinite(shift))
  throw new Error(`Invalid BULLPEN_E2E_TIME_SHIFT_MS="${process.env.BULLPEN_E2E_TIME_SHIFT_MS}"`);

const RealDate = globalThis.Date;
const now = () => RealDate.now() + shift;

/** Date with a shifted "now". It shares Date's prototype, so `instanceof Date` holds for every date, whoever made it. */
function ShiftedDate(...args) {
  if (!new.target) return new RealDate(now()).toString();
  return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
}
ShiftedDate.prototype = RealDate.prototype;
Object.setPrototypeOf(ShiftedDate, RealDate);
Object.defineProperty(ShiftedDate, 'name', { value: 'Date' });
Object.defineProperty(ShiftedDate, 'length', { value: 7 });
ShiftedDate.now = now;
globalThis.Date = ShiftedDate;
