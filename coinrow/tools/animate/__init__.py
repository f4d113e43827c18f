"""``coinrow animate``: the table filling, as one self-contained HTML page."""
