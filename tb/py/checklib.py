"""The checks of the Python tests: each named, counted, and printed when it fails; a test ends with summary()."""
failures = []
checks = [0]


def check(cond, what):
    """Counts a check; a failing one is printed and remembered. Returns cond."""
    checks[0] += 1
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}")
    return cond


def summary():
    """Prints 'K of N checks passed' and returns the exit status (1 if any check failed)."""
    print(f"{checks[0] - len(failures)} of {checks[0]} checks passed")
    return 1 if failures else 0
