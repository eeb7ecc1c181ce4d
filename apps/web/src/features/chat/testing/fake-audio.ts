/**
 * Web Audio is a browser API jsdom lacks: a stand-in AudioContext class for vi.stubGlobal that
 * calls `onNote` each time a note starts (the achievement chime plays three).
 */
export function fakeAudioContext(onNote: () => void = () => {}) {
  return class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return { gain: param, connect: (node: unknown) => node };
    }
    createOscillator() {
      return {
        type: 'sine',
        frequency: { setValueAtTime() {} },
        connect: (node: unknown) => node,
        start: onNote,
        stop() {},
      };
    }
  };
}
