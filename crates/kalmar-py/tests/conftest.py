"""Shared set-up of the Python tests."""

import signal

import pytest


@pytest.fixture(autouse=True)
def python_handles_ctrl_c(request):
    """The Ctrl-C tests simulate SIGINT with `_thread.interrupt_main`, which raises
    KeyboardInterrupt only where Python's own handler is installed. A shell without job
    control starts background commands with SIGINT ignored, and Python then leaves it ignored:
    run from such a job (a CI script started with `&`), those tests would fail for a reason
    that has nothing to do with kalmar. Each test therefore runs with Python's handler."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
