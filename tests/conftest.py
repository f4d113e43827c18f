"""The repository's pytest root: the grading suite's plugin (options, records, one-glance messages)."""

pytest_plugins = ("coinrow.grader.plugin",)
