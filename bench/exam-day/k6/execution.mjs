// `k6/execution`: the running VU, its scenario and iteration (from the VU's async context).
import { vuContext } from './runtime.mjs';

const current = () => {
  const store = vuContext.getStore();
  if (!store) throw new Error('k6/execution is read inside a VU only (not in the init context)');
  return store;
};

const execution = {
  get vu() {
    const c = current();
    return {
      idInTest: c.vu,
      idInInstance: c.vu,
      iterationInScenario: c.iterationInScenario,
      iterationInInstance: c.iterationInScenario,
    };
  },
  get scenario() {
    const c = current();
    return {
      name: c.scenario.name,
      executor: c.scenario.executor,
      startTime: c.scenario.startTime,
      progress: c.scenario.progress(),
      iterationInTest: c.iterationInTest,
      iterationInInstance: c.iterationInTest,
    };
  },
  get instance() {
    return { vusActive: current().scenario.runner.activeVus() };
  },
  test: {
    abort(reason = 'aborted by the script') {
      current().scenario.runner.abort(reason);
    },
  },
};

export default execution;
