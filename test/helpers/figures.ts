/** A figures file of two figures, this year's and last year's, each with its source. */
export const FIGURES_YAML = `capA:
  value: "$2,100"
  year: 2026
  about: A cap
  source:
    title: Medicare.gov
    url: https://www.medicare.gov/
oldCap:
  value: "$2,000"
  year: 2025
  about: Last year's cap
  source:
    title: CMS
    url: https://www.cms.gov/
`;
