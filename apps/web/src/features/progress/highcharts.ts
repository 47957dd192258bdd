// Loaded only through `loadHighcharts()` (a dynamic import), so Highcharts gets a chunk of its own that
// neither the landing page nor the dashboard's first paint waits for.
import Highcharts from 'highcharts/esm/highcharts.js';
import 'highcharts/esm/modules/accessibility.js';

export default Highcharts;
