"""Pictures, pages and words every game shares: the SVG sheet, what answers tell alike and the record page."""
