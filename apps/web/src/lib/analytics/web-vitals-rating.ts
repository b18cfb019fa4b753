/** Good and poor thresholds of the Web Vitals (product.md §9); CLS is unitless, the rest ms. */
export const WEB_VITAL_THRESHOLDS = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const;

export type WebVitalName = keyof typeof WEB_VITAL_THRESHOLDS;
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

/** Good up to the first threshold, poor above the second. */
export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
