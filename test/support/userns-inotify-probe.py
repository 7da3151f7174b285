# Does a user namespace (what Docker's userns-remap gives each container) take its root out of the
# host root's inotify count? Run as root on the host: a child maps its uid 0 to host uid 100000
# (as userns-remap does), takes every inotify instance it can in several processes (each held to
# the nofile limit) and holds them 10 s; meanwhile this process, host root, tries to create one.
# Measured on kernel 6.18 (2026-11-27): the hog took 8192 (the host's max_user_instances) and host
# root's inotify_init() answered -1: the kernel charges a namespace's count to its owner (root,
# who created it) in the parent namespace too, so remapping alone does not protect the host.
import ctypes, os, resource, sys, time

HOG = r'''
import ctypes, os, resource, time
libc = ctypes.CDLL(None, use_errno=True)
r, w = os.pipe()
total = 0
for i in range(12):
    if os.fork() == 0:
        fds = []
        while libc.inotify_init() >= 0: fds.append(1)
        os.write(w, (str(len(fds)) + "\n").encode())
        time.sleep(10)
        os._exit(0)
    line = b""
    while not line.endswith(b"\n"): line += os.read(r, 1)
    total += int(line)
    if int(line) < resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 64: break
print("hog (uid 0 in its namespace = host uid 100000) took", total, flush=True)
'''

libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWUSER = 0x10000000
r, w = os.pipe()
r2, w2 = os.pipe()
pid = os.fork()
if pid == 0:
    if libc.unshare(CLONE_NEWUSER) != 0:
        sys.exit(f'unshare failed: errno {ctypes.get_errno()}')
    os.write(w, b'x')
    os.read(r2, 1)
    os.setgid(0)
    os.setuid(0)
    os.execvp('python3', ['python3', '-c', HOG])
os.read(r, 1)
open(f'/proc/{pid}/uid_map', 'w').write('0 100000 65536')
open(f'/proc/{pid}/setgroups', 'w').write('deny')
open(f'/proc/{pid}/gid_map', 'w').write('0 100000 65536')
os.write(w2, b'x')
time.sleep(5)
print('host root inotify_init() during the hog:', libc.inotify_init(), flush=True)
os.waitpid(pid, 0)
