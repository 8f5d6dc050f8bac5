<?xml version="1.0"?>
<tileset name="c66"><tileset/><tileset firstgid="9" source="c67.tsx"/></tileset>
