#!/bin/sh
# SideUsers.Launch#freeze, run as root (through sudo -n when the gate is not root) after a side's
# build has ended and every process of its user is gone, before any of its JVMs starts (issue 74):
#
#   freeze.sh HOME USER OWNER
#
# HOME and everything in it become OWNER's (the gate's user), readable by all and writable by no
# one else, so that what the gate digests is what the side's JVMs load. The build's temp folder is
# frozen with the rest, as build-tmp/, and the side gets a new, empty tmp/, its only folder: a link
# through the old one could otherwise be repointed later. Refused, with one line and exit 3-6:
# a file there that is not USER's own (a hard link to another user's file), a FIFO, a socket or a
# device (the gate reads these files as its own user), a link with an absolute target, or one that
# leads nowhere, into tmp/ or out of HOME. Links are changed, never followed; no name is split or expanded.
set -euf
home=$1 user=$2 owner=$3
cd "$home"
if [ -L tmp ] || [ ! -d tmp ]; then echo "$home/tmp is not a folder"; exit 3; fi
if [ -e build-tmp ] || [ -L build-tmp ]; then echo "$home/build-tmp was made by the side: not frozen"; exit 3; fi
chown -h "$owner" .
chmod 0755 .
mv tmp build-tmp
mkdir tmp
chown "$user" tmp
chmod 0755 tmp
foreign=$(find -P . -mindepth 1 -path ./tmp -prune -o ! -user "$user" -print -quit)
if [ -n "$foreign" ]; then echo "$home/$foreign is not $user's own file"; exit 4; fi
special=$(find -P . -mindepth 1 -path ./tmp -prune -o \( -type p -o -type s -o -type b -o -type c \) -print -quit)
if [ -n "$special" ]; then echo "$home/$special is a FIFO, a socket or a device"; exit 5; fi
find -P . -mindepth 1 -path ./tmp -prune -o -exec chown -h "$owner" {} +
find -P . -mindepth 1 -path ./tmp -prune -o ! -type l -exec chmod u-s,g-s,go-w,a+rX {} +
root=$(realpath -e .)
# shellcheck disable=SC2016 # the inner script's own variables
outside=$(find -P . -mindepth 1 -path ./tmp -prune -o -type l -exec sh -c 'for link; do
    # An absolute target is refused outright: /proc/self/cwd/x resolves here into the home, and in a JVM started in tmp/ into tmp/.
    case "$(readlink -- "$link")" in /*) echo "$link"; exit 0 ;; esac
    if ! target=$(realpath -e -- "$link" 2>/dev/null); then echo "$link"; exit 0; fi
    case "$target" in "$0"/tmp|"$0"/tmp/*) echo "$link"; exit 0 ;; "$0"/*) ;; *) echo "$link"; exit 0 ;; esac
  done' "$root" {} + | head -n 1)
if [ -n "$outside" ]; then echo "$home/$outside is a link that leads nowhere, into tmp/ or out of the side's home"; exit 6; fi
