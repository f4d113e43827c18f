"""``coinrow watch`` (``make watch``): a warm grader that answers each save; its file events come from a
helper process of their own."""
