# bash completion for astar(1)                          -*- shell-script -*-
#
# Installed as $(PREFIX)/share/bash-completion/completions/astar (loaded
# on demand by bash-completion), or sourced by hand:
#   source completion/astar.bash
# Self-contained: it needs nothing from the bash-completion package.
#
# Completes every option of `astar --help`, the values of --diagonal,
# --heuristic, --algorithm, --wrap, --format, --color, --input-format,
# --update and --report, and file names: maps for FILE, *.scen for
# --scen, any file for --map, *.png for --image (directories too, to walk
# into them).
# Values work in all the forms getopt accepts: --opt=VALUE, --opt VALUE
# and -xVALUE / -x VALUE for the short options that take one.

# The long options; a trailing = marks one that needs a value, a
# trailing =? one whose value is optional (only as --opt=VALUE).
_astar_long='--start= --goal= --block= --diagonal=? --heuristic= --weight=
--algorithm= --adjacent --closest --explored --size= --wrap= --distances
--flow --format= --json --no-timing --no-path --quiet --verbose --color=? --scen=
--map= --input-format= --oneway --coords= --jobs= --shard= --check --update=? --only= --tolerance=
--report= --report-images= --heights= --height-scale= --max-climb= --max-drop= --max-cells= --image= --image-failed --scale= --landmarks= --layer= --solid=
--cost= --costs= --level= --world --link-property= --help --version'

# Short options: those taking a value (separate or attached), the one
# whose value is optional (attached only), and the flags.
_astar_short_arg='sgbHwafJ'
_astar_short_opt='d'
_astar_short_flag='ejqvhV'

# The long option a short one stands for.
_astar_short_long() {
	case $1 in
	s) echo --start ;; g) echo --goal ;; b) echo --block ;;
	d) echo --diagonal ;; H) echo --heuristic ;; w) echo --weight ;;
	a) echo --algorithm ;; f) echo --format ;; J) echo --jobs ;;
	esac
}

# Adds to COMPREPLY the completions of the value $2 of long option $1,
# each with $3 in front of it.
_astar_values() {
	local opt=$1 val=$2 pre=$3 words= kind= w
	case $opt in
	--diagonal) words='never always at-most-one-obstacle no-obstacles' ;;
	--heuristic) words='manhattan euclidean octile chebyshev zero' ;;
	--algorithm) words='astar dijkstra bfs greedy jps auto' ;;
	--format) words='text json' ;;
	--wrap) words='none x y xy' ;;
	--color) words='auto always never' ;;
	--input-format) words='ascii json movingai tiled ldtk graph dimacs edges' ;;
	--update) words='path' ;;
	--report)
		case $val in
		junit:*) _astar_files any "${val#junit:}" "${pre}junit:"; return ;;
		tap:*) _astar_files any "${val#tap:}" "${pre}tap:"; return ;;
		github:*) _astar_files any "${val#github:}" "${pre}github:"; return ;;
		markdown:*) _astar_files any "${val#markdown:}" "${pre}markdown:"; return ;;
		html:*) _astar_files any "${val#html:}" "${pre}html:"; return ;;
		esac
		words='junit: tap tap: github github: markdown markdown: html:' ;;
	--scen) kind=scen ;;
	--map|--coords) kind=any ;;
	--image) kind=png ;;
	*) return ;; # numbers and coordinates: nothing to offer
	esac
	if [[ -n $kind ]]; then
		_astar_files "$kind" "$val" "$pre"
		return
	fi
	for w in $words; do
		[[ $w == "$val"* ]] && COMPREPLY+=("$pre$w")
	done
}

# Adds file names starting with $2 to COMPREPLY, with $3 in front: any
# file, or only *.scen or *.png ones ($1 = any, scen, png); directories
# always.
_astar_files() {
	local kind=$1 val=$2 pre=$3 f
	local IFS=$'\n'
	_astar_isfile=1
	for f in $(compgen -f -- "$val"); do
		# compgen keeps a leading ~ (and expands it to find the files)
		if [[ -d ${f/#\~\//$HOME/} ]]; then
			# readline adds the slash (compopt -o filenames)
			COMPREPLY+=("$pre$f")
		elif [[ $kind == any || $f == *."$kind" ]]; then
			COMPREPLY+=("$pre$f")
		fi
	done
}

_astar() {
	local cword=${COMP_CWORD:-0}
	local cur=${COMP_WORDS[cword]} raw start i opt val c rest
	local -a words=("${COMP_WORDS[@]}")
	local _astar_isfile= # set by _astar_files
	COMPREPLY=()

	# The whole argument under the cursor: bash splits "--opt=val" and
	# "junit:FILE" at = and : (COMP_WORDBREAKS), so glue the pieces back
	# together; COMP_LINE is the truth when there is one.
	start=$cword
	raw=$cur
	while ((start > 1)) &&
		[[ ${words[start - 1]} == [=:] || ${words[start]} == [=:] ]]; do
		((start--))
		raw=${words[start]}$raw
	done
	if [[ -n ${COMP_LINE-} ]]; then
		local line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
		local last=${line##*[[:space:]]}
		[[ $last == *"$cur" && ${#last} -ge ${#raw} ]] && raw=$last
	fi
	local prev=${words[start - 1]-}

	# After "--" every argument is a file.
	for ((i = 1; i < start; i++)); do
		if [[ ${words[i]} == -- ]]; then
			_astar_files any "$raw" ""
			_astar_finish "$raw" "$cur"
			return 0
		fi
	done

	# The value of the previous option, given as a separate argument.
	if ((start > 1)); then
		opt=
		case $prev in
		--*=* | --) ;;
		--*)
			# a long option needing a value (optional ones never take
			# the next argument); getopt accepts unambiguous prefixes
			local o
			for o in $_astar_long; do
				if [[ $o == *= && $o == "$prev"* ]]; then
					[[ -n $opt ]] && { opt=; break; } # ambiguous
					opt=${o%=}
					[[ ${o%=} == "$prev" ]] && break
				fi
			done
			;;
		-?*)
			rest=${prev#-}
			while [[ -n $rest ]]; do
				c=${rest:0:1}
				rest=${rest:1}
				if [[ $_astar_short_arg == *"$c"* ]]; then
					[[ -z $rest ]] && opt=$(_astar_short_long "$c")
					break
				elif [[ $_astar_short_opt == *"$c"* ]]; then
					break
				fi
			done
			;;
		esac
		if [[ -n $opt ]]; then
			_astar_values "$opt" "$raw" ""
			_astar_finish "$raw" "$cur"
			return 0
		fi
	fi

	case $raw in
	--*=*)
		opt=${raw%%=*}
		val=${raw#*=}
		# expand an unambiguous prefix (--diag=al -> --diagonal)
		local o full= n=0
		for o in $_astar_long; do
			o=${o%%=*}
			[[ $o == "$opt" ]] && { full=$o; n=1; break; }
			[[ $o == "$opt"* ]] && { full=$o; ((n++)); }
		done
		((n == 1)) && _astar_values "$full" "$val" "$opt="
		;;
	--*)
		local o
		for o in $_astar_long; do
			case $o in
			*=\?) o=${o%=\?}
			      [[ $o == "$raw"* ]] && COMPREPLY+=("$o" "$o=") ;;
			*) [[ $o == "$raw"* ]] && COMPREPLY+=("$o") ;;
			esac
		done
		;;
	-)
		local o
		for c in s g b d H w a e f j q J h V; do
			COMPREPLY+=("-$c")
		done
		for o in $_astar_long; do
			COMPREPLY+=("${o%=\?}")
		done
		;;
	-?*)
		# a cluster of short options, maybe ending in an attached value:
		# -e, -ej, -Hoct, -ead (-e, then -a with the value d)
		rest=${raw#-}
		while [[ -n $rest ]]; do
			c=${rest:0:1}
			rest=${rest:1}
			if [[ $_astar_short_arg$_astar_short_opt == *"$c"* ]]; then
				[[ -z $rest ]] && COMPREPLY=("$raw") ||
					_astar_values "$(_astar_short_long "$c")" "$rest" \
						"${raw%"$rest"}"
				break
			elif [[ $_astar_short_flag != *"$c"* ]]; then
				break # not an option: nothing to offer
			fi
			[[ -z $rest ]] && COMPREPLY=("$raw") # only flags
		done
		;;
	*)
		_astar_files any "$raw" ""
		;;
	esac
	_astar_finish "$raw" "$cur"
	return 0
}

# Drops from each reply the part of the argument readline will not
# replace (up to its last COMP_WORDBREAKS character, = and : by default),
# and keeps the cursor right after a value that goes on: "--opt=",
# "junit:" (readline does it for directories).
_astar_finish() {
	local raw=$1 cur=$2 i
	local wb=${COMP_WORDBREAKS-$'"\'><=;|&(:'}
	local repl=$raw
	for ((i = ${#raw} - 1; i >= 0; i--)); do
		if [[ $wb == *"${raw:i:1}"* ]]; then
			repl=${raw:i+1}
			break
		fi
	done
	local keep=${raw:0:${#raw}-${#repl}}
	if [[ -n $keep ]]; then
		for i in "${!COMPREPLY[@]}"; do
			COMPREPLY[i]=${COMPREPLY[i]#"$keep"}
		done
	fi
	if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *[=:] ]]; then
		compopt -o nospace 2>/dev/null
	fi
	# Let readline quote file names (but not option names: it would
	# escape their = and :).
	if [[ -n $_astar_isfile && ${#COMPREPLY[@]} -gt 0 ]]; then
		compopt -o filenames 2>/dev/null
	fi
	return 0
}

complete -F _astar astar
