// yaml2json reads a YAML stream (one or more documents) on stdin and prints a JSON array with one
// element per non-empty document. The deployment tests use it to read docker-compose.yml and the
// output of `kustomize build` without a YAML library in node_modules. Anchors, aliases and merge
// keys (`<<: *x`) are resolved, as Docker Compose and kubectl resolve them.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"gopkg.in/yaml.v3"
)

func main() {
	decoder := yaml.NewDecoder(os.Stdin)
	documents := []any{}
	for {
		var document any
		err := decoder.Decode(&document)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "yaml2json:", err)
			os.Exit(1)
		}
		if document != nil {
			documents = append(documents, document)
		}
	}
	out, err := json.Marshal(documents)
	if err != nil {
		fmt.Fprintln(os.Stderr, "yaml2json:", err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}
