# bash-completion style: extended globs in [[ ]], case and arrays.
_lattice()
{
    local cur prev
    if [[ $cur == *@(linux|freebsd)* ]]; then
        files=(!(CVS))
    fi
    case $prev in
        -*@([aAb]|t-))
            return
            ;;
    esac
}

_lattice_helper()
{
    [[ $1 == @(start|stop) ]] && echo "$1"
}

complete -F _lattice lattice
