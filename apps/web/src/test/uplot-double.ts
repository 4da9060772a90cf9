/**
 * A stand-in for uPlot in screen tests: jsdom has no canvas and no matchMedia, so the real chart cannot draw there and
 * its failure would be logged after a test's environment closed. Counts the charts made so a test can wait for its draw.
 */
export const drawnCharts = { count: 0 };

/** Records its construction; sizing and destroying do nothing without a canvas. */
export default class UPlotDouble {
  constructor() {
    drawnCharts.count += 1;
  }
  setSize() {}
  destroy() {}
}
