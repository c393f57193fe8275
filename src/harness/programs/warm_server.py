# boardfuzz's warm start of a Python program (src/harness/programs/warm.rs says why and how).
#
# Started once, as `python3 THIS_FILE`, with a Unix socket (SOCK_SEQPACKET) on fd 0: it says
# `R` and its pid, then for each request (the program's argv, NUL-separated, and three file
# descriptors: its stdin, stdout and stderr) it forks a child, says `P` and the child's pid, and
# when the child has ended `X`, its wait status, its CPU time in nanoseconds and its peak
# resident memory in bytes. End of file on the socket: boardfuzz is gone, and so is this.
#
# The child runs the program as `python3 PROGRAM ARGS` would: in a process group of its own,
# the pipes on 0, 1 and 2, a fresh `__main__` module, `sys.argv`, `sys.path[0]` and `__file__`
# as a fresh interpreter sets them; an uncaught exception is printed by `sys.excepthook` (the
# traceback from the program's own frames on) and is exit code 1. It ends as the interpreter
# ends: non-daemon threads joined, atexit functions run, the program's objects released (their
# files closed), stdout and stderr flushed (a flush that fails is exit code 120); the teardown of
# the interpreter's own modules, which cost 18 ms of a 20 ms case, is skipped (os._exit).
#
# Everything here is at module level, so that the program's frame is one deeper than in a fresh
# interpreter, not more: the recursion limit is raised by that one frame, and the program's own
# sys.setrecursionlimit and sys.getrecursionlimit see the limit a fresh interpreter would.
import sys as _sys, os as _os, _socket, gc as _gc, atexit as _atexit, types as _types
from importlib.machinery import SourceFileLoader as _Loader

_sock = _socket.socket(fileno=0)
# Where the kernel keeps this process's command line (what `ps` and /proc/PID/cmdline show),
# fields 48 and 49 of /proc/self/stat: a child writes its own there, `python3 PROGRAM ARGS` as a
# fresh interpreter's would read, so that it is seen and found by it. boardfuzz pads the
# server's command line with an argument of spaces to make room.
_stat = b''
try:
    with open('/proc/self/stat', 'rb') as _f:
        _stat = _f.read()
    _stat = _stat[_stat.rindex(b')') + 2:].split()
    _title_at, _title_len = int(_stat[45]), int(_stat[46]) - int(_stat[45])
except (OSError, ValueError, IndexError):
    _title_at = _title_len = 0
del _stat
_sock.sendall(b'R' + _os.getpid().to_bytes(4, 'little'))
# What the interpreter holds now is never garbage for a child: a collection in the child then
# walks only the program's objects (a full collection of these cost 4 ms a case).
_gc.freeze()
_space = _socket.CMSG_SPACE(3 * 4)
while True:
    try:
        _msg, _anc, _flags, _addr = _sock.recvmsg(1 << 16, _space)
    except InterruptedError:
        continue
    if not _msg:
        _os._exit(0)
    _fds = []
    for _level, _type, _data in _anc:
        if _level == _socket.SOL_SOCKET and _type == _socket.SCM_RIGHTS:
            _fds += [int.from_bytes(_data[_i:_i + 4], 'little')
                     for _i in range(0, len(_data) - len(_data) % 4, 4)]
    if len(_fds) != 3:
        for _fd in _fds:
            _os.close(_fd)
        _sock.sendall(b'E')
        continue
    try:
        _pid = _os.fork()
    except OSError:
        _pid = -1
    if _pid == 0:
        break
    for _fd in _fds:
        _os.close(_fd)
    if _pid < 0:
        _sock.sendall(b'E')
        continue
    try:
        _os.setpgid(_pid, _pid)
    except OSError:
        pass
    _sock.sendall(b'P' + _pid.to_bytes(4, 'little'))
    while True:
        try:
            _, _status, _ru = _os.wait4(_pid, 0)
            break
        except InterruptedError:
            continue
    _cpu = round((_ru.ru_utime + _ru.ru_stime) * 1e9)
    _sock.sendall(b'X' + _status.to_bytes(4, 'little', signed=True) + _cpu.to_bytes(8, 'little')
                  + (_ru.ru_maxrss * 1024).to_bytes(8, 'little'))

# The child.
_os.setpgid(0, 0)
_sock.detach()
for _i in range(3):
    _os.dup2(_fds[_i], _i)
for _fd in _fds:
    if _fd > 2:
        _os.close(_fd)
del _sock, _fds
if _title_len > 1:
    _title = (_os.fsencode(_sys.orig_argv[0] if hasattr(_sys, 'orig_argv') else _sys.executable)
              + b'\0' + _msg)[:_title_len - 1]
    try:
        with open('/proc/self/mem', 'r+b', buffering=0) as _f:
            _f.seek(_title_at)
            _f.write(_title + bytes(_title_len - len(_title)))
    except (OSError, ValueError):
        pass
    del _title
_argv = [_a.decode('utf-8', 'surrogateescape') for _a in _msg.split(b'\0')]
_path = _argv[0]
# Absolute, as a fresh interpreter makes it, unless the working folder is gone (then as given).
_file = _path
if not _os.path.isabs(_path):
    try:
        _file = _os.path.join(_os.getcwd(), _path)
    except OSError:
        pass
_sys.argv = _argv
if hasattr(_sys, 'orig_argv'):
    _sys.orig_argv = _sys.orig_argv[:1] + _argv
_sys.path[0] = _os.path.dirname(_os.path.realpath(_path))
_main = _types.ModuleType('__main__')
_main.__annotations__ = {}
_main.__builtins__ = __builtins__
_main.__file__ = _file
_main.__cached__ = None
_main.__loader__ = _Loader('__main__', _file)
_sys.modules['__main__'] = _main

# One frame more than a fresh interpreter's: the limit counts it, the program does not.
_setlimit, _getlimit = _sys.setrecursionlimit, _sys.getrecursionlimit
_setlimit(_getlimit() + 1)


def _set_recursion_limit(limit):
    if isinstance(limit, int) and limit >= 1:
        return _setlimit(limit + 1)
    return _setlimit(limit)


def _get_recursion_limit():
    return _getlimit() - 1


_set_recursion_limit.__doc__ = _setlimit.__doc__
_get_recursion_limit.__doc__ = _getlimit.__doc__
_sys.setrecursionlimit, _sys.getrecursionlimit = _set_recursion_limit, _get_recursion_limit

_code = 0
try:
    with open(_path, 'rb') as _f:
        _source = _f.read()
except OSError as _e:
    print(f"{_sys.orig_argv[0] if hasattr(_sys, 'orig_argv') else 'python3'}: can't open file "
          f"{_file!r}: [Errno {_e.errno}] {_e.strerror}", file=_sys.stderr)
    _os._exit(2)
try:
    exec(compile(_source, _file, 'exec'), _main.__dict__)
except SystemExit as _e:
    _c = _e.code
    if _c is None:
        _code = 0
    elif isinstance(_c, int):
        _code = _c
    else:
        try:
            print(_c, file=_sys.stderr)
        except BaseException:
            pass
        _code = 1
except BaseException as _e:
    # The traceback from the program's own frames on, as a fresh interpreter prints it.
    _tb = _e.__traceback__
    if _tb is not None and _tb.tb_frame.f_globals is globals():
        _tb = _tb.tb_next
        # The hook prints the exception's own traceback.
        _e.__traceback__ = _tb
    try:
        _sys.excepthook(type(_e), _e, _tb)
    except BaseException:
        pass
    _code = 1
if 'threading' in _sys.modules:
    try:
        _sys.modules['threading']._shutdown()
    except BaseException:
        pass
_atexit._run_exitfuncs()
_main.__dict__.clear()
_gc.collect()
for _stream in (_sys.stdout, _sys.stderr, _sys.__stdout__, _sys.__stderr__):
    try:
        if _stream is not None and not _stream.closed:
            _stream.flush()
    except BaseException:
        _code = 120
_os._exit(_code & 0xff)
