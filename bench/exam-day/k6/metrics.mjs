// `k6/metrics`: custom Trend, Counter, Rate and Gauge, recorded in the run's registry.
import { registry } from './runtime.mjs';

class Metric {
  constructor(type, name, isTime = false) {
    this.type = type;
    this.name = name;
    this.isTime = isTime;
    registry.get(name, type, isTime);
  }
  add(value, tags) {
    registry.add(this.name, this.type, value, tags, this.isTime);
  }
}

export class Trend extends Metric {
  constructor(name, isTime = false) {
    super('trend', name, isTime);
  }
}
export class Counter extends Metric {
  constructor(name) {
    super('counter', name);
  }
}
export class Rate extends Metric {
  constructor(name) {
    super('rate', name);
  }
}
export class Gauge extends Metric {
  constructor(name) {
    super('gauge', name);
  }
}

export default { Trend, Counter, Rate, Gauge };
