"""``coinrow trace``: one row's table, how its answer is read, and the optimal line of play."""
