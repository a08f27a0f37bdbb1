"""Pictures and pages every game shares: the record page (html.py)."""
