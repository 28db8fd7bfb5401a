#!/usr/bin/env bash
# Writes the Unity .meta file of each package path given that has none (a new random GUID):
# a package installed from git is immutable, and Unity ignores its assets that lack a .meta.
# scripts/test-csharp.sh fails when a package file has no .meta.
#   bindings/csharp/Tools~/make-meta.sh bindings/csharp/Runtime/NewFile.cs
set -euo pipefail
for path in "$@"; do
    meta="$path.meta"
    [[ -e "$meta" ]] && continue
    guid=$(tr -d '-' </proc/sys/kernel/random/uuid)
    if [[ -d "$path" ]]; then
        importer="folderAsset: yes
DefaultImporter"
    else
        case "$path" in
            *.cs) importer=MonoImporter ;;
            *.asmdef) importer=AssemblyDefinitionImporter ;;
            */package.json | package.json) importer=PackageManifestImporter ;;
            *.md | *.txt | *.json) importer=TextScriptImporter ;;
            *) importer=DefaultImporter ;;
        esac
    fi
    {
        echo "fileFormatVersion: 2"
        echo "guid: $guid"
        echo "$importer:"
        echo "  externalObjects: {}"
        if [[ "$importer" == MonoImporter ]]; then
            echo "  serializedVersion: 2"
            echo "  defaultReferences: []"
            echo "  executionOrder: 0"
            echo "  icon: {instanceID: 0}"
        fi
        echo "  userData: "
        echo "  assetBundleName: "
        echo "  assetBundleVariant: "
    } >"$meta"
    echo "wrote $meta"
done
