# A protocol engine in POSIX sh for the tests of engine seats: it asks for the legal moves
# and plays the first, until its second `go`, where it misbehaves as $1 says:
#   good       keeps playing the first legal move
#   illegal    answers a move that does not parse
#   occupied   answers the last move it was told (a taken square)
#   malformed  answers a line that is not `move` or `info`
#   silent     never answers
#   crash      exits with status 3
#   flood      writes `info` lines without end
#   longline   writes one line of 70,000 bytes
#   stubborn   never answers, and ignores `quit`, the end of its input and SIGTERM
#   children   plays well, with two `sleep` children started at once that hold its output
#   orphan     starts a `sleep` child that holds its output, then exits with status 3
# $2, if given, is a file where it writes its process id (its children's go to $2.children).
mode=$1
[ -n "$2" ] && echo $$ > "$2"
if [ "$mode" = children ]; then
  sleep 600 & echo $! >> "$2.children"
  sleep 600 & echo $! >> "$2.children"
fi
turns=0
first=
last=
while IFS= read -r line; do
  case "$line" in
    "protocol 1") echo "id name sh $mode"; echo "want legal"; echo ok ;;
    game*) echo ok ;;
    moved*) last=${line#moved * } ;;
    legal*) rest=${line#legal }; first=${rest%%;*} ;;
    go*)
      turns=$((turns + 1))
      if [ "$turns" -ge 2 ]; then
        case $mode in
          illegal) echo "move Zz9"; continue ;;
          occupied) echo "move $last"; continue ;;
          malformed) echo "hello there"; continue ;;
          silent|stubborn) continue ;;
          crash) exit 3 ;;
          orphan) sleep 600 & echo $! >> "$2.children"; exit 3 ;;
          flood) while :; do echo "info flooding flooding flooding flooding flooding"; done ;;
          longline) head -c 70000 /dev/zero | tr '\0' a; echo; continue ;;
        esac
      fi
      echo "info playing the first legal move"
      echo "move $first" ;;
    quit) [ "$mode" = stubborn ] || exit 0 ;;
  esac
done
if [ "$mode" = stubborn ]; then
  trap '' TERM INT HUP
  while :; do sleep 0.05; done
fi
